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

/** Ends the session on the server and clears the cookie, then home. */
async function signOut(request: Request, url: URL, status: 302 | 303): Promise<Response> {
  const headers = new Headers({ Location: '/', 'Cache-Control': 'no-store' });
  const secure = isSecure(url);
  const name = sessionCookieName(secure);
  await invalidateSession(db(), readCookie(request, name));
  headers.append('Set-Cookie', clearCookie(name, secure));
  return new Response(null, { status, headers });
}

/**
 * What a browser without fetch metadata sees: a button that signs out with a same-origin POST. No style (its
 * policy allows none); `color-scheme` lets the browser draw it dark for a reader who chose dark.
 */
const CONFIRM_SIGN_OUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>Sign out</title></head>
<body><main><h1>Sign out?</h1>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p><a href="/">Stay signed in</a></p></main></body></html>`;

/**
 * GET /api/logout (SPEC: sign-out is a navigation here). Signs out at once when the browser says the
 * navigation comes from our own pages or was typed (Sec-Fetch-Site same-origin or none). Without
 * fetch metadata (an old browser) nobody can tell a link on another site from ours, so the answer
 * is a page whose button POSTs; a cross-site navigation is sent home and signs nobody out.
 */
export const logoutRoute: Handler = ({ request, url }) =>
  handle(async () => {
    const site = request.headers.get('sec-fetch-site');
    if (site === null) {
      return new Response(CONFIRM_SIGN_OUT, {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    if (isOwnNavigation(request)) return signOut(request, url, 302);
    return new Response(null, { status: 302, headers: { Location: '/', 'Cache-Control': 'no-store' } });
  });

/** POST /api/logout: the confirmation page's button (the middleware has checked the origin). */
export const logoutPostRoute: Handler = ({ request, url }) => handle(() => signOut(request, url, 303));
