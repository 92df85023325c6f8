import { clientAddress } from '../http/request-origin.ts';
import type { Config } from '../config.ts';

/** Methods that must not change anything, so any site may send them. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a write comes from a page of this site (CSRF defence for every body type, JSON included).
 * Browsers send `Origin` on every non-GET request; when a privacy setting strips it we fall back to
 * `Sec-Fetch-Site`. A request with neither cannot prove where it comes from and is refused.
 */
export function isSameOriginWrite(request: Request, url: URL, cfg: Config): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    return origin === url.origin || (cfg.SITE_URL !== undefined && origin === new URL(cfg.SITE_URL).origin);
  }
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * Sign-out is a GET, so a cross-site link or image could fire it: only a navigation the browser
 * marks as from our own pages or typed by the person is honoured.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  return site === 'same-origin' || site === 'none';
}

/**
 * The client's address for rate limits and logs. On the Node server Astro's `clientAddress` is the
 * socket's peer (astro.config.mjs gives the Node build no allowedDomains, the only thing that makes
 * Astro read X-Forwarded-For itself), and `clientAddress` in `#api/http/request-origin.ts` decides
 * what X-Forwarded-For may add, by TRUSTED_PROXIES. On Vercel there is no socket: the platform
 * replaces X-Forwarded-For with the address it saw, and Astro's Vercel adapter hands that on.
 */
export function clientAddressOf(context: { clientAddress: string; request: Request }, cfg: Config): string {
  if (cfg.TEST_CLIENT_ADDRESS_HEADER) {
    const claimed = context.request.headers.get(cfg.TEST_CLIENT_ADDRESS_HEADER);
    if (claimed) return `test:${claimed}`;
  }
  let peer: string | undefined;
  try {
    peer = context.clientAddress || undefined;
  } catch {
    peer = undefined;
  }
  if (process.env.VERCEL) return peer ?? 'unknown';
  return clientAddress(peer, context.request.headers, cfg.TRUSTED_PROXIES);
}
