/** Health answers need no session, cookie, security headers or compression (and /healthz must not touch the database). */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

export const isHealthCheck = (url: URL): boolean => HEALTH_PATHS.has(url.pathname);
