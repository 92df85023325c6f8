import type { APIRoute } from 'astro';
import { endSessionsRoute } from '#api/http/session-routes.ts';

export const POST: APIRoute = (context) => endSessionsRoute(context);
