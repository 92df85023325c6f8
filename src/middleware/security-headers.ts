import { defineMiddleware } from 'astro:middleware';
import { applySiteHeaders, EVERY_ANSWER_HEADERS, STRICT_TRANSPORT_SECURITY } from '#api/http/site-headers.ts';
import { isHealthCheck } from './health.ts';

/** The security headers every answer carries (api/http/site-headers.ts), HSTS on https. */
export const securityHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (isHealthCheck(context.url)) return response;
  const headers = response.headers;
  applySiteHeaders(headers);
  // On the Node server the front door (api/http/front-door.ts) sets these on every answer before Astro runs; on Vercel this does.
  for (const [name, value] of EVERY_ANSWER_HEADERS) headers.set(name, value);
  // The URL is the public one (server/entry.ts, from api/http/request-origin.ts): https behind a TLS proxy too.
  if (context.url.protocol === 'https:') headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return response;
});
