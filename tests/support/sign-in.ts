import { readFileSync, statSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { recordSecret } from './log-secrets.ts';
import { newVisit, signInThrough } from './oauth-flow.ts';
import { TEST_CLIENT_HEADER, oidcLogin } from './services.ts';
import { workerServer } from './worker.ts';

export type Role = 'admin' | 'viewer';

const SESSION_COOKIE = /^(__Host-session|session)=([^;]*)/;

/**
 * `fresh: true` keeps the session's sign-in recent, as a person who just signed in has it, so dangerous acts
 * (passkeys, tokens, restore, ending every session) go through; without it the session is stale, as one
 * signed in days ago, and those acts answer 403 step_up_required (api/auth/step-up.ts).
 */
export interface SessionOptions {
  fresh?: boolean;
}

/**
 * The Cookie header of a new session for a user of `role`, obtained through the real sign-in path
 * (admin: the owner's one-time link; viewer: the test OpenID provider with a non-admin email), stale unless
 * `fresh` says otherwise.
 */
export async function sessionCookie(role: Role, options: SessionOptions = {}): Promise<string> {
  const cookie = role === 'admin' ? await ownerSessionCookie() : await viewerSessionCookie();
  return options.fresh ? cookie : staled(cookie);
}

/** Makes the session forget when it signed in (the test switch POST /api/test/stale-session). */
export async function staled(cookie: string): Promise<string> {
  const response = await fetch(new URL('/api/test/stale-session', workerServer().baseUrl), { method: 'POST', headers: sameOriginHeaders(cookie) });
  if (response.status !== 204) throw new Error(`Making a session stale answered ${response.status}`);
  return cookie;
}

/** The viewer every test shares: a verified address that is not in ADMIN_EMAILS. */
export const VIEWER_EMAIL = 'viewer@example.test';

const viewerSessionCookie = () => personSessionCookie(VIEWER_EMAIL);

/**
 * A fresh session for the person with this (verified, non-admin) email, through the test OpenID
 * provider; a new email is a new person, for tests that need state no other test file touches.
 */
export async function personSessionCookie(email: string): Promise<string> {
  const response = await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin(email) });
  const cookie = sessionCookieFrom(response);
  if (response.status !== 303 || !cookie) throw new Error(`Viewer sign-in failed with ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return cookie;
}

/** Signs a browser context in as `role` (its cookies then carry the session; stale unless `fresh`). */
export async function signIn(context: BrowserContext, role: Role, options: SessionOptions = {}): Promise<void> {
  await useCookie(context, await sessionCookie(role, options));
}

/** Signs a browser context in with a session cookie from `sessionCookie` or `personSessionCookie`. */
export async function useCookie(context: BrowserContext, cookie: string): Promise<void> {
  const [name, value] = splitCookie(cookie);
  await context.addCookies([{ name, value, url: workerServer().baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * Every sign-in made by a helper counts as its own client address, so the many sign-ins of a test
 * run (and the rate-limit test) never share one bucket of attempts.
 */
export const freshClientAddress = () => `helper-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Headers a same-origin browser page would send with a write. */
export const sameOriginHeaders = (cookie?: string): Record<string, string> => ({
  Origin: new URL(workerServer().baseUrl).origin,
  ...(cookie ? { Cookie: cookie } : {}),
});

/** The session cookie a sign-in response sets, as a Cookie header value ("name=value"), or null. */
export function sessionCookieFrom(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = SESSION_COOKIE.exec(line);
    if (match && match[2]) {
      recordSecret(inject('secretsFile'), match[2]);
      return `${match[1]}=${match[2]}`;
    }
  }
  return null;
}

/** Links printed by the server after byte `offset` of its log, newest first. */
function ownerLinksAfter(offset: number): string[] {
  const text = readFileSync(workerServer().serverLog).subarray(offset).toString('utf8');
  return [...text.matchAll(/^Owner sign-in: (\S+)$/gm)].map((match) => match[1]!).reverse();
}

export const serverLogSize = () => statSync(workerServer().serverLog).size;

/**
 * The worker's server prints every owner link into its log, which only this file reads while it runs; a file
 * that asks for two links at once (Promise.all) reads the lines after each request in turn, so each gets its own.
 */
let ownerLinkTurn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const mine = ownerLinkTurn.then(work, work);
  ownerLinkTurn = mine.catch(() => {});
  return mine;
}

/**
 * Posts to /api/login/owner (the sign-in page's print button) with these headers and returns the answer and
 * the link(s) the server printed for it: none when it refused, one when it printed.
 */
export async function askForOwnerLink(
  headers: Record<string, string>,
): Promise<{ response: Response; body: string; links: string[] }> {
  return inTurn(async () => {
    const before = serverLogSize();
    const response = await fetch(new URL('/api/login/owner', workerServer().baseUrl), { method: 'POST', headers, redirect: 'manual' });
    const body = await response.text();
    return { response, body, links: ownerLinksAfter(before) };
  });
}

/**
 * Runs `print` (a browser pressing the sign-in page's print button) and returns the one owner link the server
 * printed for it.
 */
export async function ownerLinkPrintedBy(print: () => Promise<unknown>): Promise<string> {
  return inTurn(async () => {
    const before = serverLogSize();
    await print();
    const links = ownerLinksAfter(before);
    if (links.length !== 1) throw new Error(`The server printed ${links.length} owner links for one press; see the server log.`);
    return links[0]!;
  });
}

/** Asks the server to print a fresh owner link (the sign-in page's button) and returns it. */
export async function printOwnerLink(address = freshClientAddress()): Promise<string> {
  const { response, body, links } = await askForOwnerLink({ ...sameOriginHeaders(), [TEST_CLIENT_HEADER]: address });
  if (response.status !== 303) throw new Error(`Printing an owner link answered ${response.status}: ${body}`);
  if (links.length !== 1) throw new Error(`The server printed ${links.length} owner links for one request; see the server log.`);
  return links[0]!;
}

/**
 * Spends an owner link as a person would: opening it shows a confirmation page (nothing spent), and
 * its 'Sign in' button posts the token to /api/login/owner/redeem from the same origin.
 */
export async function redeemOwnerLink(link: string, headers: Record<string, string> = {}): Promise<Response> {
  const token = new URL(link).searchParams.get('token') ?? '';
  return fetch(new URL('/api/login/owner/redeem', workerServer().baseUrl), {
    method: 'POST',
    headers: { ...sameOriginHeaders(), 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });
}

/** A fresh admin session through the owner's one-time link. */
async function ownerSessionCookie(): Promise<string> {
  const address = freshClientAddress();
  const link = await printOwnerLink(address);
  const response = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address });
  const cookie = sessionCookieFrom(response);
  if (response.status !== 303 || !cookie) throw new Error(`Signing in with a fresh owner link answered ${response.status}`);
  return cookie;
}

function splitCookie(header: string): [string, string] {
  const index = header.indexOf('=');
  return [header.slice(0, index), header.slice(index + 1)];
}
