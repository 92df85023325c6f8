import { defineMiddleware } from 'astro:middleware';
import { SAFE_METHODS } from '#api/auth/origin.ts';
import { isCspReport } from '#api/http/csp-report-routes.ts';
import { dashboardPage, dashboardPagesChanged, isDashboardRequest } from '#api/cache/dashboard-page-cache.ts';
import { config } from '#api/config.ts';
import { finishedResponses } from './finish.ts';

/**
 * The signed-in dashboard, kept per person on the embedded database (api/cache/dashboard-page-cache.ts) until
 * a write or the clock changes it. To go once daily rollups serve every read.
 */
export const dashboardCopy = defineMiddleware(async (context, next) => {
  try {
    const user = context.locals.user;
    // Not in the dev server: an edited component must show on the next reload, not after the next write.
    if (import.meta.env.DEV || !isDashboardRequest(context.request, context.url, user)) return await next();
    const render = () => next();
    const incomplete = () => context.locals.incompleteRender;
    const response = await dashboardPage(context.request, context.url, user, config().OWNER_TIME_ZONE, render, incomplete);
    finishedResponses.add(response);
    return response;
  } finally {
    // Any write may change what a signed-in dashboard shows: the kept copies go before its answer leaves.
    // (A browser's CSP report changes nothing: anyone may send one, so it must not empty them.)
    if (!SAFE_METHODS.has(context.request.method) && !isCspReport(context.request, context.url)) dashboardPagesChanged();
  }
});
