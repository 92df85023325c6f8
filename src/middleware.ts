import { defineMiddleware } from 'astro:middleware';
import { compressResponse } from '../api/http/compress.ts';

/**
 * Every request passes here: who is asking (session), whether a write may come from where it comes from,
 * and the security headers every response carries.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  const response = await next();
  const headers = response.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  if (context.url.protocol === 'https:') headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return compressResponse(context.request, response);
});
