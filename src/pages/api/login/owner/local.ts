import type { APIRoute } from 'astro';
import { ownerLinkLocalRoute } from '#api/http/owner-link-routes.ts';

export const POST: APIRoute = (context) => {
  let clientAddress = '';
  try {
    // Astro throws when the adapter cannot tell (never on the Node server).
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = '';
  }
  const { request, params, url, locals } = context;
  return ownerLinkLocalRoute({ request, params, url, locals, clientAddress });
};
