import { defineMiddleware } from 'astro:middleware';
import { EVERY_ANSWER_HEADERS, STRICT_TRANSPORT_SECURITY } from '#api/http/front-door.ts';
import { isHealthCheck } from './health.ts';

/** The security headers every answer carries (a page may ask for a stricter Referrer-Policy or its own framing rule). */
export const securityHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (isHealthCheck(context.url)) return response;
  const headers = response.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  // A page may ask for less (the owner-link page sends none: its URL holds a secret).
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  // On the Node server the front door (api/http/front-door.ts) sets these on every answer before Astro runs; on Vercel this does.
  for (const [name, value] of EVERY_ANSWER_HEADERS) headers.set(name, value);
  // The URL is the public one (server/entry.ts, from api/http/request-origin.ts): https behind a TLS proxy too.
  if (context.url.protocol === 'https:') headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return response;
});
