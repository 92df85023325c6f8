import type { APIRoute } from 'astro';
import { exportRoute } from '#api/http/export-routes.ts';

export const GET: APIRoute = (context) => {
  let clientAddress = '';
  try {
    // Astro throws when the adapter cannot tell (never on the Node server).
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = '';
  }
  const { request, params, url, locals } = context;
  return exportRoute({ request, params, url, locals, clientAddress });
};
