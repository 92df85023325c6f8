import { describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { personSessionCookie, sessionCookie } from '../support/sign-in.ts';

const signedIn = async (cookie: string) => (await call('/api/auth/user', { cookie })).status === 200;
const endSessions = (cookie: string | null, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call('/api/sessions', {
    method: 'POST',
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
async function sessionsPage(cookie: string): Promise<{ ids: string[]; current: string | undefined; html: string }> {
  const page = await call('/account/sessions', { cookie });
  expect(page.status).toBe(200);
  const html = await page.text();
  const rows = [...html.matchAll(/data-session="([0-9a-f]{16})"[^>]*>([\s\S]*?)<\/tr>/g)];
  return { ids: rows.map((row) => row[1]!), current: rows.find((row) => row[2]!.includes('(this browser)'))?.[1], html };
}

describe('/account/sessions', () => {
  it('lists my sessions with the current one marked, ends one of mine, and refuses to end anyone else’s', async () => {
    const email = `sessions-${Date.now().toString(36)}@example.test`;
    const here = await personSessionCookie(email);
    const phone = await personSessionCookie(email);
    const mine = await sessionsPage(here);
    expect(mine.ids).toHaveLength(2);
    expect(mine.html).toContain('OpenID provider');
    const other = mine.ids.find((id) => id !== mine.current)!;

    // Someone else cannot end it (404, nothing changes), nor can another site (403).
    const stranger = await personSessionCookie(`stranger-${Date.now().toString(36)}@example.test`);
    expect((await endSessions(stranger, { action: 'end', session: other })).status).toBe(404);
    expect((await endSessions(here, { action: 'end', session: other }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect(await signedIn(phone)).toBe(true);
    // Bad input: 400 naming the field, nothing changes.
    const bad = await endSessions(here, { action: 'end', session: 'not-a-session' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'session' });
    expect(await signedIn(phone)).toBe(true);

    const ended = await endSessions(here, { action: 'end', session: other });
    expect(ended.status).toBe(303);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(here)).toBe(true);
  });

  it('ends every other session at once, keeping this one', async () => {
    const email = `others-${Date.now().toString(36)}@example.test`;
    const [here, a, b] = [await personSessionCookie(email), await personSessionCookie(email), await personSessionCookie(email)];
    expect((await endSessions(here, { action: 'end-others' })).status).toBe(303);
    expect([await signedIn(here), await signedIn(a), await signedIn(b)]).toEqual([true, false, false]);
    expect((await sessionsPage(here)).ids).toHaveLength(1);
  });

  it("lets the owner end every session of a viewer; a viewer may not, and a visitor gets 401", async () => {
    const email = `ended-by-owner-${Date.now().toString(36)}@example.test`;
    const viewer = await personSessionCookie(email);
    const me = (await (await call('/api/auth/user', { cookie: viewer })).json()) as { id: string };
    const otherViewer = await sessionCookie('viewer');
    expect((await endSessions(otherViewer, { action: 'end-user', user: me.id })).status).toBe(403);
    expect((await endSessions(null, { action: 'end-others' })).status).toBe(401);
    expect(await signedIn(viewer)).toBe(true);
    // The owner's button for it: the security page lists the viewer with a form ending every one of their sessions.
    const admin = await sessionCookie('admin', { fresh: true });
    const securityPage = await (await call('/data-management/security', { cookie: admin })).text();
    const row = securityPage.match(new RegExp(`<li[^>]*data-viewer="${me.id}"[^>]*>([\\s\\S]*?)</li>`))?.[1] ?? '';
    expect(row).toContain(email);
    expect(row).toMatch(/name="action" value="end-user"/);
    expect(row).toContain(`name="user" value="${me.id}"`);
    expect((await endSessions(admin, { action: 'end-user', user: me.id })).status).toBe(303);
    expect(await signedIn(viewer)).toBe(false);
    expect(await (await call('/data-management/security', { cookie: admin })).text()).not.toContain(`data-viewer="${me.id}"`);
  });

  it('sends visitors to sign in', async () => {
    const page = await call('/account/sessions');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/api/login');
  });
});
