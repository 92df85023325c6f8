import type { Config } from '../config.ts';
import { db } from '../db/client.ts';
import { clearCookie, isSecure, readCookie, sessionCookieName, sessionSetCookie } from './cookies.ts';
import { validateSessionToken } from './session.ts';
import type { SessionUser } from './types.ts';

export interface RequestSession {
  user: SessionUser | null;
  /** A Set-Cookie line to send back: the renewed session cookie, or the removal of a dead one. */
  setCookie: string | null;
  cookieName: string;
}

/** Who is behind a request, from its session cookie. Visitors without a cookie cost no query. */
export async function sessionFromRequest(request: Request, url: URL, cfg: Config): Promise<RequestSession> {
  const secure = isSecure(url);
  const cookieName = sessionCookieName(secure);
  const token = readCookie(request, cookieName);
  if (!token) return { user: null, setCookie: null, cookieName };
  const session = await validateSessionToken(db(), token, cfg);
  if (!session) return { user: null, setCookie: clearCookie(cookieName, secure), cookieName };
  return {
    user: session.user,
    setCookie: session.renewed ? sessionSetCookie(token, session.expiresAt, secure) : null,
    cookieName,
  };
}
