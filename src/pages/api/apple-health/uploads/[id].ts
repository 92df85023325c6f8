import type { APIRoute } from 'astro';
import { healthUploadItem } from '#api/http/apple-health-routes.ts';
import { peerAddressOf } from '#api/http/context.ts';

export const GET: APIRoute = (context) => healthUploadItem.GET({ ...context, clientAddress: peerAddressOf(context) });
export const DELETE: APIRoute = (context) => healthUploadItem.DELETE({ ...context, clientAddress: peerAddressOf(context) });
