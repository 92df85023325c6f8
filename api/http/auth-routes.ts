import { clearCookie, isSecure, readCookie, sessionCookieName } from '../auth/cookies.ts';
import { isOwnNavigation } from '../auth/origin.ts';
import { invalidateSession } from '../auth/session.ts';
import { db } from '../db/client.ts';
import type { Handler } from './context.ts';
import { requireUser } from './guards.ts';
import { handle, json } from './respond.ts';

/** GET /api/auth/user: the signed-in user (never a token or session detail), or 401. */
export const currentUserRoute: Handler = ({ locals }) =>
  handle(async () => {
    const { id, email, firstName, lastName, profileImageUrl, role } = requireUser(locals.user);
    return json({ id, email, firstName, lastName, profileImageUrl, role });
  });

/**
 * GET /api/logout: ends the session on the server and clears the cookie, then home. A cross-site
 * navigation (a link or image on another site) is sent home without signing anyone out.
 */
export const logoutRoute: Handler = ({ request, url }) =>
  handle(async () => {
    const headers = new Headers({ Location: '/', 'Cache-Control': 'no-store' });
    if (isOwnNavigation(request)) {
      const secure = isSecure(url);
      const name = sessionCookieName(secure);
      await invalidateSession(db(), readCookie(request, name));
      headers.append('Set-Cookie', clearCookie(name, secure));
    }
    return new Response(null, { status: 302, headers });
  });
