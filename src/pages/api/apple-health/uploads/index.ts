import type { APIRoute } from 'astro';
import { healthUploads } from '#api/http/apple-health-routes.ts';
import { peerAddressOf } from '#api/http/context.ts';

export const POST: APIRoute = (context) => healthUploads.POST({ ...context, clientAddress: peerAddressOf(context) });
