import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import {
  askForOwnerLink,
  freshClientAddress,
  printOwnerLink,
  redeemOwnerLink,
  sameOriginHeaders,
  sessionCookie,
  sessionCookieFrom,
} from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, base), { redirect: 'manual', headers });
const currentUser = (cookie?: string) => get('/api/auth/user', cookie ? { Cookie: cookie } : {});

describe('the one-time owner link', () => {
  it('is printed once the server has started, pointing at SITE_URL', () => {
    const log = readFileSync(workerServer().serverLog, 'utf8');
    const first = /^Owner sign-in: (\S+)$/m.exec(log);
    expect(first, 'the start-up line').not.toBeNull();
    const link = new URL(first![1]!);
    expect(link.origin).toBe(new URL(base).origin);
    expect(link.pathname).toBe('/api/login/owner');
    expect(link.searchParams.get('token')).toMatch(/^[a-z2-7]{32}$/);
  });

  it('opens on a confirmation page that spends nothing, so a link preview leaves the link usable', async () => {
    const address = freshClientAddress();
    const link = await printOwnerLink(address);
    const token = new URL(link).searchParams.get('token')!;
    // What a chat app's link preview or a mail scanner does: GET the link, maybe more than once.
    for (const preview of [1, 2]) {
      const page = await fetch(link, { redirect: 'manual', headers: { [TEST_CLIENT_HEADER]: address } });
      expect(page.status, `preview ${preview}`).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      // No Referer to other sites, but the form's same-origin POST keeps its Origin (under no-referrer it is `null`).
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      expect(sessionCookieFrom(page)).toBeNull();
      const html = await page.text();
      expect(html).toContain('action="/api/login/owner/redeem"');
      expect(html).toContain(`name="token" value="${token}"`);
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Sign in<\/button>/s);
    }
    const redeemed = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address });
    expect(redeemed.status).toBe(303);
    expect(sessionCookieFrom(redeemed)).not.toBeNull();
  });

  it('signs the owner in as admin once, and is refused the second time', async () => {
    const address = freshClientAddress();
    const link = await printOwnerLink(address);
    expect(link).toBeDefined();
    const token = new URL(link).searchParams.get('token')!;

    const first = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const setCookie = first.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^session=[a-z2-7]{32}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/m);
    const cookie = sessionCookieFrom(first)!;

    const me = await currentUser(cookie);
    expect(me.status).toBe(200);
    const body = await me.text();
    expect(JSON.parse(body)).toEqual({
      id: expect.any(String),
      email: 'owner@example.test',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      role: 'admin',
    });
    // No answer ever carries a secret: neither the link's token nor the session's.
    expect(body).not.toContain(token);
    expect(body).not.toContain(cookie.split('=')[1]);

    const second = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address });
    expect(second.status).toBe(400);
    expect(second.headers.get('content-type')).toContain('text/html');
    expect(await second.text()).toContain('This sign-in link does not work');
    expect(sessionCookieFrom(second)).toBeNull();
  });

  it('redeems only from a same-origin form post', async () => {
    const address = freshClientAddress();
    const link = await printOwnerLink(address);
    const crossSite = await redeemOwnerLink(link, { Origin: 'https://evil.example', [TEST_CLIENT_HEADER]: address });
    expect(crossSite.status).toBe(403);
    expect(sessionCookieFrom(crossSite)).toBeNull();
    // An opaque origin (what `no-referrer` made of our own page) stays refused; a script gets JSON (a browser's
    // form navigation gets a page: owner-signs-in-with-the-printed-link).
    const opaque = await redeemOwnerLink(link, { Origin: 'null', [TEST_CLIENT_HEADER]: address });
    expect(opaque.status).toBe(403);
    expect(await opaque.json()).toEqual({ error: 'This request must come from the site itself.' });
    expect(sessionCookieFrom(opaque)).toBeNull();
    const notAPost = await fetch(new URL('/api/login/owner/redeem', base), { redirect: 'manual' });
    expect(notAPost.status).toBe(405);
    // The refused attempts spent nothing: the link still signs in.
    const redeemed = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address });
    expect(redeemed.status).toBe(303);
  });

  it('refuses a made-up token, or none, without signing anyone in', async () => {
    const madeUp = await redeemOwnerLink(`${base}/api/login/owner?token=${'a'.repeat(32)}`, {
      [TEST_CLIENT_HEADER]: freshClientAddress(),
    });
    expect(madeUp.status).toBe(400);
    expect(sessionCookieFrom(madeUp)).toBeNull();
    const empty = await fetch(new URL('/api/login/owner/redeem', base), {
      method: 'POST',
      headers: {
        ...sameOriginHeaders(),
        'Content-Type': 'application/json',
        [TEST_CLIENT_HEADER]: freshClientAddress(),
      },
      body: '{"token":1}',
      redirect: 'manual',
    });
    expect(empty.status).toBe(400);
    expect(sessionCookieFrom(empty)).toBeNull();
  });

  it('prints a fresh link only for a same-origin request, and never shows it in the answer', async () => {
    const refused = await askForOwnerLink({ Origin: 'https://evil.example', [TEST_CLIENT_HEADER]: freshClientAddress() });
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('content-type')).toContain('application/json');
    expect(refused.links).toEqual([]);

    const printed = await askForOwnerLink({ ...sameOriginHeaders(), [TEST_CLIENT_HEADER]: freshClientAddress() });
    expect(printed.response.status).toBe(303);
    expect(printed.response.headers.get('location')).toBe('/api/login?sent=1');
    expect(printed.links).toHaveLength(1);
    expect(printed.body).not.toContain(new URL(printed.links[0]!).searchParams.get('token'));
  });

  it('offers the print-a-link button on the sign-in page', async () => {
    const response = await get('/api/login?choose');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('action="/api/login/owner"');
    expect(html).toContain('Print a sign-in link to the console');
  });
});

describe('sessions from the owner link', () => {
  it('answers 401 without a session and 200 with one', async () => {
    expect((await currentUser()).status).toBe(401);
    expect((await currentUser(await sessionCookie('admin'))).status).toBe(200);
  });

  it('starts a fresh session at every sign-in and ends the one the browser came with', async () => {
    const firstCookie = await sessionCookie('admin');
    const address = freshClientAddress();
    const link = await printOwnerLink(address);
    const again = await redeemOwnerLink(link, { Cookie: firstCookie, [TEST_CLIENT_HEADER]: address });
    const secondCookie = sessionCookieFrom(again);
    expect(secondCookie).not.toBeNull();
    expect(secondCookie).not.toBe(firstCookie);
    expect((await currentUser(secondCookie!)).status).toBe(200);
    expect((await currentUser(firstCookie)).status).toBe(401);
  });

  it('signs out on a same-origin or typed navigation to /api/logout', async () => {
    for (const fetchSite of ['same-origin', 'none']) {
      const cookie = await sessionCookie('admin');
      const response = await get('/api/logout', { Cookie: cookie, 'Sec-Fetch-Site': fetchSite });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect(response.headers.getSetCookie().join('\n')).toMatch(
        /^session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/m,
      );
      expect((await currentUser(cookie)).status, `after a ${fetchSite ?? 'plain'} sign-out`).toBe(401);
    }
  });

  it('without fetch metadata (an old browser), asks first: a page whose button posts, and only that post signs out', async () => {
    const cookie = await sessionCookie('admin');
    const page = await get('/api/logout', { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.getSetCookie().join('\n')).not.toContain('session=');
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/api/logout">');
    expect(html).toContain('Sign out</button>');
    expect((await currentUser(cookie)).status, 'after the GET').toBe(200);

    const crossSite = await fetch(new URL('/api/logout', base), {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await currentUser(cookie)).status, 'after a cross-site POST').toBe(200);

    const pressed = await fetch(new URL('/api/logout', base), {
      method: 'POST',
      redirect: 'manual',
      headers: sameOriginHeaders(cookie),
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/');
    expect(pressed.headers.getSetCookie().join('\n')).toMatch(
      /^session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/m,
    );
    expect((await currentUser(cookie)).status, 'after pressing Sign out').toBe(401);
  });

  it('ignores a sign-out fired from another site', async () => {
    const cookie = await sessionCookie('admin');
    for (const fetchSite of ['cross-site', 'same-site']) {
      const response = await get('/api/logout', { Cookie: cookie, 'Sec-Fetch-Site': fetchSite });
      expect(response.status).toBe(302);
      expect(response.headers.getSetCookie().join('\n')).not.toContain('session=');
    }
    expect((await currentUser(cookie)).status).toBe(200);
  });
});
