import type { Config } from '../config.ts';
import { db, type Db } from '../db/client.ts';
import { SESSION_PAGE_CACHE } from '../http/cache-headers.ts';
import { clearCookie, isSecure, readCookie, sessionCookieName, sessionSetCookie, setsCookie } from './cookies.ts';
import { checkSessionToken } from './session.ts';
import type { SessionUser } from './types.ts';

export interface RequestSession {
  user: SessionUser | null;
  /** The Set-Cookie line removing a dead session's cookie, or null. */
  clearCookie: string | null;
  /** When the session is due for renewal: writes it and returns the renewed cookie's Set-Cookie line. */
  renew: (() => Promise<string>) | null;
  cookieName: string;
}

/** Who is behind a request, from its session cookie. Visitors without a cookie cost no query. */
export async function sessionFromRequest(request: Request, url: URL, cfg: Config, database?: Db): Promise<RequestSession> {
  const secure = isSecure(url);
  const cookieName = sessionCookieName(secure);
  const token = readCookie(request, cookieName);
  if (!token) return { user: null, clearCookie: null, renew: null, cookieName };
  const session = await checkSessionToken(database ?? db(), token, cfg);
  if (!session) return { user: null, clearCookie: clearCookie(cookieName, secure), renew: null, cookieName };
  const renew = session.renew;
  return {
    user: session.user,
    clearCookie: null,
    renew: renew && (async () => sessionSetCookie(token, await renew(), secure)),
    cookieName,
  };
}

/**
 * True when Cache-Control lets a shared cache (CDN, proxy) keep the answer: `public` or `s-maxage`,
 * without `private` or `no-store`.
 */
export function sharedCacheable(headers: Headers): boolean {
  const directives = (headers.get('Cache-Control') ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split('=')[0]);
  if (directives.includes('private') || directives.includes('no-store')) return false;
  return directives.includes('public') || directives.includes('s-maxage');
}

/**
 * Adds the session's cookie to a response, never both a cookie and an answer a shared cache may keep:
 * a renewal waits for the next private answer (the session row is not touched until then), and any
 * answer that must set a cookie (a sign-in, a sign-out, a dead session's removal) is made private.
 */
export async function finishSessionResponse(headers: Headers, session: RequestSession): Promise<void> {
  // A response that signs in or out sets the cookie itself; neither a removal nor a renewal may overwrite it.
  if (!setsCookie(headers, session.cookieName)) {
    if (session.clearCookie) headers.append('Set-Cookie', session.clearCookie);
    else if (session.renew && !sharedCacheable(headers)) headers.append('Set-Cookie', await session.renew());
  }
  const cacheControl = (headers.get('Cache-Control') ?? '').toLowerCase();
  if (headers.getSetCookie().length > 0 && !/\b(?:private|no-store)\b/.test(cacheControl)) {
    headers.set('Cache-Control', SESSION_PAGE_CACHE);
  }
}
