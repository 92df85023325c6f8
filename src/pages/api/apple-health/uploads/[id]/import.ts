import type { APIRoute } from 'astro';
import { healthUploadImport } from '#api/http/apple-health-routes.ts';
import { peerAddressOf } from '#api/http/context.ts';

export const POST: APIRoute = (context) => healthUploadImport.POST({ ...context, clientAddress: peerAddressOf(context) });
