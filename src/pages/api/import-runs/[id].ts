import type { APIRoute } from 'astro';
import { peerAddressOf } from '#api/http/context.ts';
import { importRunItem } from '#api/http/import-run-routes.ts';

export const GET: APIRoute = (context) => importRunItem.GET({ ...context, clientAddress: peerAddressOf(context) });
