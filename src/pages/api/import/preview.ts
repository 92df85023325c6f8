import type { APIRoute } from 'astro';
import { previewImportRoute } from '#api/http/export-routes.ts';

export const POST: APIRoute = ({ request, params, url, locals }) =>
  previewImportRoute({ request, params, url, locals, clientAddress: '' });
