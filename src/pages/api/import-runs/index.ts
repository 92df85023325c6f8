import type { APIRoute } from 'astro';
import { peerAddressOf } from '#api/http/context.ts';
import { importRunList } from '#api/http/import-run-routes.ts';

export const GET: APIRoute = (context) => importRunList.GET({ ...context, clientAddress: peerAddressOf(context) });
