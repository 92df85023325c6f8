import { RateLimiterMemory } from 'rate-limiter-flexible';
import { cspReport } from '#domain/shapes.ts';
import { clientAddressOf } from '../auth/origin.ts';
import { config } from '../config.ts';
import { log } from '../log.ts';
import { parseWith, readText } from './body.ts';
import type { RequestContext } from './context.ts';
import { HttpError, badRequest } from './errors.ts';
import { errorResponse, handle, noContent } from './respond.ts';
import { CSP_REPORT_PATH } from './site-headers.ts';

/** A browser's violation report: exempt from the Origin check and the session (src/middleware/session.ts). */
export const isCspReport = (request: Request, url: URL) =>
  request.method === 'POST' && url.pathname === CSP_REPORT_PATH;

/** A report is a few hundred bytes; a browser batching several stays well under this. */
export const CSP_REPORT_LIMIT = 8 * 1024;

/** Reports per client address and minute: enough for a page with a few blocked elements, too few to flood the log. */
const REPORTS_PER_MINUTE = 20;

const limiter = new RateLimiterMemory({ keyPrefix: 'csp-report', points: REPORTS_PER_MINUTE, duration: 60 });

const REPORT_TYPES = /^application\/(csp-report|reports\+json|json)\s*(;|$)/i;

/** What the log keeps of an address: its path alone (a query may hold a one-time token), or a keyword such as `inline`. */
function pathOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return value.slice(0, 64);
  try {
    const url = new URL(value);
    return url.protocol.startsWith('http') ? `${url.origin}${url.pathname}`.slice(0, 300) : url.protocol;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/csp-report: anyone's browser may send it (no Origin check: reports come from the browser, not the
 * page), read through the capped reader (8 KB), rate-limited per address, and logged as one warning per
 * violation with the page's path, the directive and what was blocked. 204; nothing is stored.
 */
export const cspReportRoute = (context: RequestContext & { clientAddress: string }) =>
  handle(async () => {
    const cfg = config();
    if (!cfg.DISABLE_RATE_LIMIT) {
      const allowed = await limiter.consume(clientAddressOf(context, cfg)).then(
        () => true,
        () => false,
      );
      if (!allowed) return errorResponse(429, 'Too many reports.', undefined, { 'Retry-After': '60' });
    }
    if (!REPORT_TYPES.test(context.request.headers.get('content-type') ?? '')) {
      throw new HttpError(415, 'Send the report as application/csp-report or application/reports+json.');
    }
    let data: unknown;
    try {
      data = JSON.parse(await readText(context.request, CSP_REPORT_LIMIT));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badRequest('The body is not valid JSON.');
    }
    const report = parseWith(cspReport, data);
    const violations = Array.isArray(report)
      ? report
          .filter((entry) => entry.type === 'csp-violation' && entry.body)
          .map(({ body }) => ({
            page: body?.documentURL,
            directive: body?.effectiveDirective,
            blocked: body?.blockedURL,
          }))
      : [
          {
            page: report['csp-report']['document-uri'],
            directive: report['csp-report']['effective-directive'] ?? report['csp-report']['violated-directive'],
            blocked: report['csp-report']['blocked-uri'],
          },
        ];
    for (const violation of violations) {
      log.warn(
        {
          page: pathOf(violation.page),
          directive: violation.directive?.slice(0, 64),
          blocked: pathOf(violation.blocked),
        },
        'Content-Security-Policy violation',
      );
    }
    return noContent();
  });
