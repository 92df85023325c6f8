import { clearCookie, readCookie, serializeCookie } from './cookies.ts';

/*
 * Where a sign-in lands afterwards. A page that asks the owner to confirm it is them (step-up) sends them to
 * `/api/login?choose&return_to=/the/page`; the sign-in page keeps that path in a short-lived cookie, and the end
 * of every sign-in (sign-in.ts) goes there instead of home. Only a path on this site is ever kept.
 */
export const RETURN_TO_COOKIE = 'return_to';

/** As long as an owner link lives: the owner may print one and open it from the server's console. */
const RETURN_TO_SECONDS = 15 * 60;

/** The path itself when it is a path on this site (never another origin, never an API endpoint), else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500 || !value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes and control characters are how a path is made to mean another host to some browsers.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const url = new URL(value, 'http://site.invalid');
  if (url.origin !== 'http://site.invalid' || url.pathname.startsWith('/api/')) return null;
  return url.pathname + url.search;
}

export const returnToSetCookie = (path: string, secure: boolean) =>
  serializeCookie(RETURN_TO_COOKIE, path, { maxAge: RETURN_TO_SECONDS, secure });

/** Where this sign-in goes next (`/` without a kept path) and the cookie line that forgets the kept one. */
export function afterSignIn(request: Request, secure: boolean): { location: string; clear: string | null } {
  const kept = readCookie(request, RETURN_TO_COOKIE);
  return { location: safeReturnPath(kept) ?? '/', clear: kept === undefined ? null : clearCookie(RETURN_TO_COOKIE, secure) };
}

/** The sign-in page that asks the owner to confirm it is them and then comes back to `path`. */
export const confirmItIsYou = (path: string) => `/api/login?choose&return_to=${encodeURIComponent(path)}`;
