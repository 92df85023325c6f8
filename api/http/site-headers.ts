/*
 * The security headers of the site, in one place: those every answer carries (COOP/CORP, and HSTS over https),
 * set by the Node server's front door (api/http/front-door.ts) before anything answers and by the middleware on
 * Vercel; and those of answers made by Astro or the server's 405s (applySiteHeaders), set by the middleware
 * (src/middleware/security-headers.ts) and server/unserved-methods.ts.
 */

/** Two years, subdomains included: what the site has always sent over https (and what preload lists ask for). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * Sent with every answer, whoever makes it (the Node server's front door, or the middleware on Vercel): no other
 * site's window keeps a handle on ours (COOP), and no other site may embed our answers as images, scripts or
 * frames' subresources (CORP). Nothing of ours is meant to be embedded elsewhere: link previews fetch images from
 * their servers, which CORP does not concern.
 */
export const EVERY_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** Where pages' policies send their violation reports (api/http/csp-report-routes.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/**
 * The policy of an HTML answer that brings none of its own (pages rendered by Astro bring theirs, narrowed
 * to the page: api/http/page-csp.ts): nothing runs and nothing loads; its form may post to the site alone.
 */
export const FALLBACK_HTML_CSP = `default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; report-uri ${CSP_REPORT_PATH}; report-to csp`;

/** The policy of an answer that is not a page (text, JSON): it runs and loads nothing, and is never framed. */
export const NOT_A_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

const isHtml = (headers: Headers) => /^text\/html/i.test(headers.get('Content-Type') ?? '');

/** Sets the site's headers on an answer's headers (a page may have asked for a stricter Referrer-Policy or its own framing rule). */
export function applySiteHeaders(headers: Headers): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  // A page may ask for less (the owner-link page sends `same-origin`: its URL holds a secret).
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  if (!isHtml(headers)) return;
  // An HTML answer made outside Astro's pages (the sign-out confirmation) must not go without a policy.
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', FALLBACK_HTML_CSP);
  // Where a page's `report-to csp` sends what its policy blocked.
  headers.set('Reporting-Endpoints', `csp="${CSP_REPORT_PATH}"`);
}
