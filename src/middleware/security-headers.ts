import { defineMiddleware } from 'astro:middleware';
import { applySiteHeaders } from '#api/http/site-headers.ts';
import { isHealthCheck } from './health.ts';

/** The security headers every answer carries (api/http/site-headers.ts), HSTS on https. */
export const securityHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (isHealthCheck(context.url)) return response;
  const headers = response.headers;
  applySiteHeaders(headers);
  if (context.url.protocol === 'https:') headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return response;
});
