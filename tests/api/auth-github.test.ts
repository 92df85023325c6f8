import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { browse, newVisit, signInThrough, untilCallback } from '../support/oauth-flow.ts';
import { oidcLogin } from '../support/services.ts';
import { sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const me = async (cookie: string | null) => {
  const response = await fetch(new URL('/api/auth/user', base), { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : null };
};

describe('signing in with GitHub', () => {
  it('signs in with the verified primary email, the profile name and avatar, using PKCE and state', async () => {
    const visit = newVisit();
    const start = await browse(visit, new URL('/api/login/github', base));
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.href.startsWith(`${inject('services').GITHUB_OAUTH_URL}/login/oauth/authorize`)).toBe(true);
    expect(authorize.searchParams.get('redirect_uri')).toBe(new URL('/api/login/github/callback', base).href);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();

    const response = await signInThrough(newVisit(), 'github', {
      github: { login: 'mona', email: 'mona@example.test', id: 4242, name: 'Mona Lisa Octocat' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().join('\n')).toMatch(/^github-sign-in=; Path=\/; Max-Age=0/m);
    expect((await me(sessionCookieFrom(response))).body).toEqual({
      id: expect.any(String),
      email: 'mona@example.test',
      firstName: 'Mona',
      lastName: 'Lisa Octocat',
      profileImageUrl: 'https://avatars.example.test/u/4242',
      role: 'viewer',
    });
  });

  it('signs in with a profile name holding control characters, keeping the name as it reads', async () => {
    // PostgreSQL refuses NUL in text: stored as sent, this sign-in was a 500.
    const response = await signInThrough(newVisit(), 'github', {
      github: { login: 'nul-name', email: 'nul@example.test', id: 4343, name: 'Ada\u0000\tLove\u0007lace' },
    });
    expect(response.status).toBe(303);
    expect((await me(sessionCookieFrom(response))).body).toMatchObject({ email: 'nul@example.test', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('signs in with the primary email when another address on the account is not one we can read', async () => {
    // GitHub lists whatever addresses the account holds; one unreadable entry refused the whole sign-in.
    const response = await signInThrough(newVisit(), 'github', {
      github: { login: 'odd-list', email: 'odd-list@example.test', id: 4444, otherEmails: ['not an address', 'ren\u00e9@'] },
    });
    expect(response.status).toBe(303);
    expect((await me(sessionCookieFrom(response))).body).toMatchObject({ email: 'odd-list@example.test' });
  });

  it('reads the error GitHub sends with status 200 (a replayed code) and creates no session', async () => {
    const visit = newVisit();
    const callback = await untilCallback(visit, 'github', { github: { login: 'replayer', email: 'replayer@example.test', id: 5151 } });
    const flow = visit.jar.get(base, 'github-sign-in')!;
    expect((await browse(visit, callback)).status).toBe(303);
    const again = newVisit();
    again.jar.set(base, 'github-sign-in', flow);
    const response = await browse(again, callback);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('GitHub did not confirm this sign-in');
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it('joins the account of the same verified email made with another provider', async () => {
    const viaOidc = await signInThrough(newVisit(), 'oidc', { oidcLogin: oidcLogin('both@example.test') });
    const viaGitHub = await signInThrough(newVisit(), 'github', { github: { login: 'both', email: 'both@example.test', id: 6161 } });
    const first = await me(sessionCookieFrom(viaOidc));
    const second = await me(sessionCookieFrom(viaGitHub));
    expect(second.body?.id).toBe(first.body?.id);
  });

  it("refuses an unverified GitHub email that belongs to the owner's account", async () => {
    await sessionCookie('admin'); // the owner's account exists from here on
    const response = await signInThrough(newVisit(), 'github', {
      github: { login: 'pretender', email: 'owner@example.test', id: 7171, verified: false },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('An account with this email address already exists');
    expect(sessionCookieFrom(response)).toBeNull();
  });
});
