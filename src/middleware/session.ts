import { defineMiddleware } from 'astro:middleware';
import { bearerTokenOf, isBearerEndpoint, isCronEndpoint } from '#api/auth/bearer.ts';
import { SAFE_METHODS, clientAddressOf, isSameOriginWrite } from '#api/auth/origin.ts';
import { finishSessionResponse, sessionFromRequest } from '#api/auth/request-session.ts';
import { config } from '#api/config.ts';
import { db } from '#api/db/client.ts';
import { scrubQueryError } from '#api/db/query-error.ts';
import { isDatabaseUnavailable } from '#api/db/unavailable.ts';
import { recordAdminWrite } from '#api/http/admin-writes.ts';
import { isCspReport } from '#api/http/csp-report-routes.ts';
import { errorResponse, unavailableResponse } from '#api/http/respond.ts';
import { wantsPage } from '#api/http/wants-page.ts';
import { isHealthCheck } from './health.ts';

/**
 * Who is asking and whether their request may do what it asks: an access token writes data points and nothing
 * else; any other write must come from the site itself; the session (renewed as it goes) names the user; an
 * admin's writes are recorded. While the database is unreachable the answer says so, and when to come back.
 */
export const session = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.incompleteRender = false;
  if (isHealthCheck(context.url)) return next();
  // A browser's violation report comes from the browser, not a page (no Origin to check), and needs no session.
  if (isCspReport(context.request, context.url)) return next();
  // A scheduler's call to run the periodic jobs carries CRON_SECRET as its bearer, which the handler checks.
  if (isCronEndpoint(context.request.method, context.url.pathname)) return next();
  const cfg = config();
  const bearer = bearerTokenOf(context.request) !== null;
  if (bearer && !isBearerEndpoint(context.request.method, context.url.pathname)) {
    return errorResponse(403, 'Access tokens may only write data points (POST /api/metrics/{key}/points).');
  }
  // Browsers never add a bearer token by themselves, so no other site can forge this request: it skips the
  // origin check, and its cookies are ignored (the handler authorizes by token alone).
  if (bearer) return next();
  if (!SAFE_METHODS.has(context.request.method) && !isSameOriginWrite(context.request, context.url, cfg)) {
    // Astro's checkOrigin only covers form bodies; this covers JSON and every other write. A person who
    // pressed a form's button gets a page saying what happened; a script gets the JSON error.
    return wantsPage(context.request.headers)
      ? withStatus(await next('/403'), 403)
      : errorResponse(403, 'This request must come from the site itself.');
  }
  try {
    const session = await sessionFromRequest(context.request, context.url, cfg);
    context.locals.user = session.user;
    const response = await next();
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
    return response;
  } catch (error) {
    // A page cannot be rendered while the database is unreachable: say so, and when to come back.
    if (!isDatabaseUnavailable(error)) {
      // Astro logs what a page throws: a failed query's parameters (emails, token hashes) must not go with it.
      scrubQueryError(error);
      throw error;
    }
    return unavailableResponse();
  }
});

/** The page rendered for a refusal, with the refusal's status whatever the page's rendering said. */
function withStatus(response: Response, status: number): Response {
  return response.status === status ? response : new Response(response.body, { status, headers: response.headers });
}
