import { defineMiddleware, sequence } from 'astro:middleware';
import { trailingSlashRedirect } from '#src/lib/trailing-slash.ts';
import { dashboardCopy } from './dashboard-copy.ts';
import { finish } from './finish.ts';
import { requestLog } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';
import { session } from './session.ts';

/** A path ending in a slash is sent to the one without (308, query kept): one address per page. */
const trailingSlash = defineMiddleware((context, next) => trailingSlashRedirect(context.url) ?? next());

/**
 * Every request passes here, one concern per function, outermost first: its id and log line, the one address
 * per page, the security headers, the page's finishing and compression, who is asking (and whether they may),
 * and the signed-in dashboard's kept copy.
 */
export const onRequest = sequence(requestLog, trailingSlash, securityHeaders, finish, session, dashboardCopy);
