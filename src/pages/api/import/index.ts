import type { APIRoute } from 'astro';
import { importRoute } from '#api/http/export-routes.ts';

export const POST: APIRoute = ({ request, params, url, locals }) =>
  importRoute({ request, params, url, locals, clientAddress: '' });
