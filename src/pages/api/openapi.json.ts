import { openApiDocument } from '#api/http/openapi.ts';

/** The API's contract (OpenAPI 3.1): public, the same for everyone, so any cache may keep it a few minutes. */
export const GET = () =>
  new Response(JSON.stringify(openApiDocument()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
