import type { APIRoute } from 'astro';
import { peerAddressOf } from '#api/http/context.ts';
import { importRunUndo } from '#api/http/import-run-routes.ts';

export const POST: APIRoute = (context) => importRunUndo.POST({ ...context, clientAddress: peerAddressOf(context) });
