import type { APIRoute } from 'astro';
import { peerAddressOf } from '#api/http/context.ts';
import { importRunResumeRoute } from '#api/http/import-run-routes.ts';

export const POST: APIRoute = (context) => importRunResumeRoute.POST({ ...context, clientAddress: peerAddressOf(context) });
