import { defineMiddleware } from 'astro:middleware';
import { bearerTokenOf, isBearerEndpoint } from '#api/auth/bearer.ts';
import { SAFE_METHODS, isSameOriginWrite } from '#api/auth/origin.ts';
import { finishSessionResponse, sessionFromRequest } from '#api/auth/request-session.ts';
import { config } from '#api/config.ts';
import { compressResponse } from '#api/http/compress.ts';
import { isDatabaseUnavailable } from '#api/db/unavailable.ts';
import { errorResponse, unavailableResponse } from '#api/http/respond.ts';

/**
 * Every request passes here: whether a write may come from where it comes from, who is asking
 * (session), and the security headers every response carries.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  const cfg = config();
  let response: Response;
  const bearer = bearerTokenOf(context.request) !== null;
  if (bearer && !isBearerEndpoint(context.request.method, context.url.pathname)) {
    // An access token writes data points and nothing else.
    response = errorResponse(403, 'Access tokens may only write data points (POST /api/metrics/{key}/points).');
  } else if (bearer) {
    // Browsers never add a bearer token by themselves, so no other site can forge this request: it
    // skips the origin check, and its cookies are ignored (the handler authorizes by token alone).
    response = await next();
  } else if (!SAFE_METHODS.has(context.request.method) && !isSameOriginWrite(context.request, context.url, cfg)) {
    // Astro's checkOrigin only covers form bodies; this covers JSON and every other write.
    response = errorResponse(403, 'This request must come from the site itself.');
  } else {
    try {
      const session = await sessionFromRequest(context.request, context.url, cfg);
      context.locals.user = session.user;
      response = await next();
      await finishSessionResponse(response.headers, session);
    } catch (error) {
      // A page cannot be rendered while the database is unreachable: say so, and when to come back.
      if (!isDatabaseUnavailable(error)) throw error;
      response = unavailableResponse();
    }
  }
  const headers = response.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  // A page may ask for less (the owner-link page sends none: its URL holds a secret).
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  if (context.url.protocol === 'https:') headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return compressResponse(context.request, response);
});
