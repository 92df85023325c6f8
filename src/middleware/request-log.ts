import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { config } from '#api/config.ts';
import { RENDER_HEADER } from '#api/cache/cacheable.ts';
import { peerIsTrustedProxy } from '#api/http/request-origin.ts';
import { REQUEST_ID_HEADER, ROUTE_PATTERN_HEADER, logRequest, requestIdFor } from '#api/http/request-log.ts';

/** Every request gets an id (sent back as X-Request-Id) and one log line: method, route pattern, status, duration. */
export const requestLog = defineMiddleware(async (context, next) => {
  const started = performance.now();
  // A proxy listed in TRUSTED_PROXIES may name the request (its logs and ours then line up); anyone else gets a fresh id.
  const requestId = requestIdFor(context.request, fromTrustedProxy(context));
  let response: Response | undefined;
  try {
    response = await next();
    try {
      response.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // Headers of some responses (Response.redirect) are immutable: answer a copy instead.
      response = new Response(response.body, response);
      response.headers.set(REQUEST_ID_HEADER, requestId);
    }
    // The visitor cache logs its answers itself, with the pattern of the route that rendered them (it strips this).
    if (context.request.headers.has(RENDER_HEADER)) response.headers.set(ROUTE_PATTERN_HEADER, context.routePattern);
    return response;
  } finally {
    // /healthz is asked every few seconds by load balancers and containers: logging it would drown the rest.
    if (context.url.pathname !== '/healthz') {
      logRequest({
        method: context.request.method,
        route: context.routePattern,
        status: response?.status ?? 500,
        durationMs: performance.now() - started,
        requestId,
      });
    }
  }
});

/** The connection's peer (Astro's clientAddress; it throws where there is none, e.g. prerendered routes) is a proxy TRUSTED_PROXIES lists. */
function fromTrustedProxy(context: APIContext): boolean {
  let peer: string | undefined;
  try {
    peer = context.clientAddress || undefined;
  } catch {
    peer = undefined;
  }
  return peerIsTrustedProxy(peer, config().TRUSTED_PROXIES);
}
