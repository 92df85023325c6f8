import type { APIRoute } from 'astro';
import { peerAddressOf } from '#api/http/context.ts';
import { ownerLinkLocalRoute } from '#api/http/owner-link-routes.ts';

export const POST: APIRoute = (context) => {
  const { request, params, url, locals } = context;
  return ownerLinkLocalRoute({ request, params, url, locals, clientAddress: peerAddressOf(context) });
};
