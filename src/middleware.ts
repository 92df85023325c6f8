import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { bearerTokenOf, isBearerEndpoint } from '#api/auth/bearer.ts';
import { SAFE_METHODS, clientAddressOf, isSameOriginWrite } from '#api/auth/origin.ts';
import { finishSessionResponse, sessionFromRequest } from '#api/auth/request-session.ts';
import { config } from '#api/config.ts';
import { compressResponse } from '#api/http/compress.ts';
import { finishPage } from '#api/http/finish-page.ts';
import { db } from '#api/db/client.ts';
import { scrubQueryError } from '#api/db/query-error.ts';
import { isDatabaseUnavailable } from '#api/db/unavailable.ts';
import { recordAdminWrite } from '#api/http/admin-writes.ts';
import { peerIsTrustedProxy } from '#api/http/client-address.ts';
import { RENDER_HEADER } from '#api/cache/cacheable.ts';
import { dashboardPage, dashboardPagesChanged, isDashboardRequest } from '#api/cache/dashboard-page-cache.ts';
import { REQUEST_ID_HEADER, ROUTE_PATTERN_HEADER, logRequest, requestIdFor } from '#api/http/request-log.ts';
import { errorResponse, unavailableResponse } from '#api/http/respond.ts';
import { wantsPage } from '#api/http/wants-page.ts';
import { trailingSlashRedirect } from '#src/lib/trailing-slash.ts';

/**
 * Every request passes here: whether a write may come from where it comes from, who is asking
 * (session), and the security headers every response carries.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const started = performance.now();
  // A proxy listed in TRUSTED_PROXIES may name the request (its logs and ours then line up); anyone else gets a fresh id.
  const requestId = requestIdFor(context.request, fromTrustedProxy(context));
  let response: Response | undefined;
  try {
    response = trailingSlashRedirect(context.url) ?? (await handle(context, next));
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
    // Any write may change what a signed-in dashboard shows: the kept copies go before its answer leaves.
    if (!SAFE_METHODS.has(context.request.method)) dashboardPagesChanged();
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

/** Health answers need no session, cookie or compression (and /healthz must not touch the database). */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  context.locals.user = null;
  context.locals.incompleteRender = false;
  if (HEALTH_PATHS.has(context.url.pathname)) return next();
  const cfg = config();
  let response: Response;
  /** Already finished and compressed (the signed-in dashboard, kept or freshly rendered). */
  let finished = false;
  const bearer = bearerTokenOf(context.request) !== null;
  if (bearer && !isBearerEndpoint(context.request.method, context.url.pathname)) {
    // An access token writes data points and nothing else.
    response = errorResponse(403, 'Access tokens may only write data points (POST /api/metrics/{key}/points).');
  } else if (bearer) {
    // Browsers never add a bearer token by themselves, so no other site can forge this request: it
    // skips the origin check, and its cookies are ignored (the handler authorizes by token alone).
    response = await next();
  } else if (!SAFE_METHODS.has(context.request.method) && !isSameOriginWrite(context.request, context.url, cfg)) {
    // Astro's checkOrigin only covers form bodies; this covers JSON and every other write. A person who
    // pressed a form's button gets a page saying what happened; a script gets the JSON error.
    response = wantsPage(context.request.headers)
      ? withStatus(await next('/403'), 403)
      : errorResponse(403, 'This request must come from the site itself.');
  } else {
    try {
      const session = await sessionFromRequest(context.request, context.url, cfg);
      context.locals.user = session.user;
      // Not in the dev server: an edited component must show on the next reload, not after the next write.
      if (!import.meta.env.DEV && isDashboardRequest(context.request, context.url, session.user)) {
        const render = () => next();
        const incomplete = () => context.locals.incompleteRender;
        response = await dashboardPage(context.request, context.url, session.user, cfg.OWNER_TIME_ZONE, render, incomplete);
        finished = true;
      } else response = await next();
      await finishSessionResponse(response.headers, session);
      if (session.user?.role === 'admin' && !SAFE_METHODS.has(context.request.method)) {
        await recordAdminWrite(db(), {
          user: session.user,
          method: context.request.method,
          route: context.routePattern,
          status: response.status,
          address: clientAddressOf(context, cfg),
        });
      }
    } catch (error) {
      // A page cannot be rendered while the database is unreachable: say so, and when to come back.
      if (!isDatabaseUnavailable(error)) {
        // Astro logs what a page throws: a failed query's parameters (emails, token hashes) must not go with it.
        scrubQueryError(error);
        throw error;
      }
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
  return finished ? response : compressResponse(context.request, await finishPage(response));
}

/** The page rendered for a refusal, with the refusal's status whatever the page's rendering said. */
function withStatus(response: Response, status: number): Response {
  return response.status === status ? response : new Response(response.body, { status, headers: response.headers });
}
