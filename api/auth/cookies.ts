/**
 * Cookie reading and writing without a framework, so api/ works the same in endpoints, pages and
 * middleware. Every cookie we set is HttpOnly, SameSite=Lax and Path=/; Secure over https.
 */

/** Over https the session cookie carries the `__Host-` prefix: no Domain, Secure, Path=/ enforced by the browser. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-session' : 'session');

/** "Served over https": the public request URL (Astro resolves it from SITE_URL's trusted proxy headers). */
export const isSecure = (url: URL) => url.protocol === 'https:';

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
}

export function serializeCookie(name: string, value: string, { maxAge, secure }: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(maxAge))}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export const clearCookie = (name: string, secure: boolean) => serializeCookie(name, '', { maxAge: 0, secure });

/** The value of one cookie of a request, or undefined. A malformed value counts as absent. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session cookie for a token that the server keeps until `expiresAt`. */
export function sessionSetCookie(token: string, expiresAt: Date, secure: boolean, now = new Date()): string {
  return serializeCookie(sessionCookieName(secure), token, { maxAge: (expiresAt.getTime() - now.getTime()) / 1000, secure });
}

/** True when a response already sets (or clears) the named cookie. */
export const setsCookie = (headers: Headers, name: string) => headers.getSetCookie().some((line) => line.startsWith(`${name}=`));
