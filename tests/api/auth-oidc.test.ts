import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { browse, newVisit, signInThrough, untilCallback, type Visit } from '../support/oauth-flow.ts';
import { oidcLogin, oidcLoginWithForeignKey } from '../support/services.ts';
import { VIEWER_EMAIL, sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const me = async (cookie: string | null) => {
  const response = await fetch(new URL('/api/auth/user', base), { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : null };
};

/** A refused callback: the error page (HTML, 400), no session, and the flow cookie cleared. */
async function expectRefused(response: Response, words: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(await response.text()).toContain(words);
  expect(sessionCookieFrom(response)).toBeNull();
}

const flowCookie = (visit: Visit, provider: 'oidc' | 'github') => visit.jar.get(base, `${provider}-sign-in`);

describe('signing in with an OpenID Connect provider', () => {
  it('signs a verified viewer in end to end, with state, nonce and PKCE, and clears the flow cookie', async () => {
    const visit = newVisit();
    const start = await browse(visit, new URL('/api/login/oidc', base));
    expect(start.status).toBe(302);
    expect(start.headers.getSetCookie().find((line) => line.startsWith('oidc-sign-in='))).toMatch(/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(new URL(inject('services').OIDC_ISSUER!).origin);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(new URL('/api/login/oidc/callback', base).href);

    const done = await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin(VIEWER_EMAIL) });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');
    expect(done.headers.getSetCookie().join('\n')).toMatch(/^oidc-sign-in=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/m);
    const cookie = sessionCookieFrom(done);
    expect((await me(cookie)).body).toEqual({
      id: expect.any(String),
      email: VIEWER_EMAIL,
      firstName: 'Viewer',
      lastName: 'Tester',
      profileImageUrl: null,
      role: 'viewer',
    });
  });

  it('gives sessionCookie("viewer") a viewer session', async () => {
    expect((await me(await sessionCookie('viewer'))).body).toMatchObject({ email: VIEWER_EMAIL, role: 'viewer' });
  });

  it('signs a viewer out, and ignores a sign-out fired from another site', async () => {
    const cookie = await sessionCookie('viewer');
    const crossSite = await fetch(new URL('/api/logout', base), { redirect: 'manual', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(302);
    expect((await me(cookie)).status).toBe(200);
    const own = await fetch(new URL('/api/logout', base), { redirect: 'manual', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } });
    expect(own.status).toBe(302);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe('roles and account matching by email', () => {
  it('keeps an unverified ADMIN_EMAILS address a viewer; its verified owner, in any letter case, becomes admin and ends the claim', async () => {
    const unverified = await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin('second-admin@example.test', false) });
    expect(unverified.status).toBe(303);
    const unverifiedCookie = sessionCookieFrom(unverified);
    expect((await me(unverifiedCookie)).body).toMatchObject({ email: 'second-admin@example.test', role: 'viewer' });

    const response = await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin('Second-Admin@Example.TEST') });
    expect(response.status).toBe(303);
    expect((await me(sessionCookieFrom(response))).body).toMatchObject({ email: 'second-admin@example.test', role: 'admin' });
    // Whoever registered the address unverified first is signed out and unlinked.
    expect((await me(unverifiedCookie)).status).toBe(401);
    await expectRefused(
      await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin('second-admin@example.test', false) }),
      'An account with this email address already exists',
    );
  });

  it("never links an unverified address to the owner's existing account", async () => {
    const owner = await me(await sessionCookie('admin'));
    expect(owner.body).toMatchObject({ email: 'owner@example.test', role: 'admin' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await expectRefused(
        await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin('owner@example.test', false) }),
        'An account with this email address already exists',
      );
    }
  });
});

describe('refused callbacks', () => {
  it('refuses an ID token signed by a key the provider does not publish, and signs no one in', async () => {
    const email = `foreign-key-${Date.now().toString(36)}@example.test`;
    await expectRefused(await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLoginWithForeignKey(email) }), 'did not confirm this sign-in');
    // The same person with a properly signed token gets in: the refusal was the signature alone.
    const response = await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin(email) });
    expect(response.status).toBe(303);
    expect((await me(sessionCookieFrom(response))).body).toMatchObject({ email, role: 'viewer' });
  });

  it('refuses a forged state', async () => {
    const visit = newVisit();
    const callback = await untilCallback(visit, 'oidc', { oidcLogin: oidcLogin(VIEWER_EMAIL) });
    callback.searchParams.set('state', 'forged-state-forged-state-forged-state-abc12');
    const response = await browse(visit, callback);
    await expectRefused(response, 'does not belong to the sign-in started in this browser');
    expect(response.headers.getSetCookie().join('\n')).toMatch(/^oidc-sign-in=; Path=\/; Max-Age=0/m);
  });

  it('refuses a replayed code, even with the original flow cookie', async () => {
    const visit = newVisit();
    const callback = await untilCallback(visit, 'oidc', { oidcLogin: oidcLogin(VIEWER_EMAIL) });
    const flow = flowCookie(visit, 'oidc')!;
    expect((await browse(visit, callback)).status).toBe(303);

    const attacker = newVisit();
    attacker.jar.set(base, 'oidc-sign-in', flow);
    await expectRefused(await browse(attacker, callback), 'did not confirm this sign-in');
  });

  it("refuses a callback that arrives without this browser's flow cookie", async () => {
    const visit = newVisit();
    const callback = await untilCallback(visit, 'oidc', { oidcLogin: oidcLogin(VIEWER_EMAIL) });
    await expectRefused(await browse(newVisit(), callback), 'was not started in this browser');
  });

  it("refuses one provider's answer at another provider's callback (mix-up)", async () => {
    const visit = newVisit();
    const oidcCallback = await untilCallback(visit, 'oidc', { oidcLogin: oidcLogin(VIEWER_EMAIL) });
    const atGitHub = new URL(`/api/login/github/callback${oidcCallback.search}`, base);
    // Only the OpenID flow cookie exists: GitHub's callback has no sign-in to complete.
    await expectRefused(await browse(visit, atGitHub), 'was not started in this browser');

    // With a GitHub sign-in started too, the OpenID answer still does not match GitHub's cookie.
    const start = await browse(visit, new URL('/api/login/github', base));
    expect(start.status).toBe(302);
    expect(flowCookie(visit, 'github')).toBeTruthy();
    await expectRefused(await browse(visit, atGitHub), 'does not belong to the sign-in started in this browser');

    // The answer was never spent, so it still completes the sign-in it belongs to.
    expect((await browse(visit, oidcCallback)).status).toBe(303);
  });

  it('says so when the person cancels at the provider', async () => {
    const visit = newVisit();
    const callback = await untilCallback(visit, 'oidc', { oidcLogin: oidcLogin(VIEWER_EMAIL) });
    const cancelled = new URL(callback.pathname, base);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', callback.searchParams.get('state')!);
    await expectRefused(await browse(visit, cancelled), 'Sign-in cancelled');
  });
});
