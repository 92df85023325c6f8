import { defineMiddleware } from 'astro:middleware';
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
  if (context.url.protocol === 'https:') headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return response;
});
