import type { APIRoute } from 'astro';
import { peerAddressOf } from '#api/http/context.ts';
import { exportRoute } from '#api/http/export-routes.ts';

export const GET: APIRoute = (context) => {
  const { request, params, url, locals } = context;
  return exportRoute({ request, params, url, locals, clientAddress: peerAddressOf(context) });
};
