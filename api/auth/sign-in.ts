import { STATUS_CODES } from 'node:http';
import type { Db } from '../db/client.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { isSecure, readCookie, sessionCookieName, sessionSetCookie } from './cookies.ts';
import { afterSignIn } from './return-to.ts';
import { createSession, invalidateSession } from './session.ts';

/** Who signed in, how (owner-link, github, oidc, passkey) and from where: the security log's sign-in row. */
export interface SignedIn {
  userId: string;
  email: string;
  method: string;
  address: string;
}

/**
 * The end of every successful sign-in: the session the browser came with (if any) ends and a
 * fresh one starts (no session fixation; its sign-in time makes it fresh for a dangerous act), the
 * security log records it, then the browser goes home, or back to the page that asked for the sign-in
 * (return-to.ts). `extraCookies` clears the provider's flow cookies in the same response.
 */
export async function completeSignIn(db: Db, who: SignedIn, request: Request, url: URL, extraCookies: string[] = []): Promise<Response> {
  const secure = isSecure(url);
  const endedFor = await invalidateSession(db, readCookie(request, sessionCookieName(secure)));
  const { token, expiresAt } = await createSession(db, who.userId, new Date(), {
    method: who.method,
    userAgent: request.headers.get('user-agent'),
  });
  await recordSecurityEvent(db, {
    kind: 'sign-in',
    outcome: 'success',
    userId: who.userId,
    email: who.email,
    method: who.method,
    clientAddress: who.address,
    // Signing in again over one's own live session is confirming it is them before a dangerous act.
    reason: endedFor === who.userId ? 'step-up' : null,
  });
  const next = afterSignIn(request, secure);
  const headers = new Headers({ Location: next.location, 'Cache-Control': 'no-store' });
  for (const line of extraCookies) headers.append('Set-Cookie', line);
  if (next.clear) headers.append('Set-Cookie', next.clear);
  headers.append('Set-Cookie', sessionSetCookie(token, expiresAt, secure));
  return new Response(null, { status: 303, headers });
}

/** What a sign-in page shows when it does not redirect: a status and a message for a person. */
export interface SignInProblem {
  /**
   * 400 for a refused or failed sign-in, 403 for a door this server keeps shut (OWNER_LINK=off), 404 for
   * an unknown provider, 429 when rate-limited, 502 when the provider is unreachable.
   */
  status: 400 | 403 | 404 | 413 | 429 | 502;
  title: string;
  message: string;
  retryAfter?: number;
  /** Cookies to clear even though the sign-in failed (a provider's flow cookies). */
  setCookies?: string[];
}

export type SignInOutcome = { response: Response } | { problem: SignInProblem };

/** Records a refused sign-in (`reason` in the server's words; `detail` for what the other side said). */
export const recordRefusedSignIn = (
  db: Db,
  method: string,
  address: string,
  reason: string,
  detail?: Record<string, unknown>,
): Promise<void> =>
  recordSecurityEvent(db, { kind: 'sign-in', outcome: 'refused', method, clientAddress: address, reason, detail });

export const tooManyAttempts = (retryAfter: number, setCookies?: string[]): SignInOutcome => ({
  problem: {
    status: 429,
    title: 'Too many sign-in attempts',
    message: `Too many sign-in attempts from your address. Please wait ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''} and try again.`,
    retryAfter,
    ...(setCookies ? { setCookies } : {}),
  },
});

/** Status and headers of a sign-in page (never cached: the answer is per person and per moment). */
export function answerWithProblem(target: { status?: number | undefined; statusText?: string | undefined; headers: Headers }, problem: SignInProblem | null): void {
  target.headers.set('Cache-Control', 'no-store');
  if (!problem) return;
  target.status = problem.status;
  // Astro keeps the page's "OK" otherwise: a 413 would go out as "413 OK".
  target.statusText = STATUS_CODES[problem.status] ?? '';
  if (problem.retryAfter) target.headers.set('Retry-After', String(problem.retryAfter));
  for (const line of problem.setCookies ?? []) target.headers.append('Set-Cookie', line);
}
