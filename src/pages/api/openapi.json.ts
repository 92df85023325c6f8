import type { APIRoute } from 'astro';
import { config } from '#api/config.ts';
import { openApiDocument } from '#api/http/openapi.ts';

/** The API's contract (OpenAPI 3.1): public, the same for everyone, so any cache may keep it a few minutes. */
export const GET: APIRoute = ({ url }) =>
  // The public origin is read at run time (like canonical links), so one build serves any SITE_URL.
  new Response(JSON.stringify(openApiDocument(new URL(config().SITE_URL ?? url.origin).origin)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
