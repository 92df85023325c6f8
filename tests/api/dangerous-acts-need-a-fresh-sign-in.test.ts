import http from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { base, call, getJson } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, printOwnerLink, redeemOwnerLink, sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';

/*
 * Step-up (api/auth/step-up.ts): adding or removing a passkey, creating a token, restoring an archive and ending
 * every session need a sign-in from the last STEP_UP_SECONDS. A stale session (the harness's default, as one
 * signed in weeks ago) gets 403 step_up_required and nothing changes; a fresh one goes through; signing in
 * again makes a stale browser fresh and comes back to the page that asked.
 */
let stale = '';
let fresh = '';
// Sessions of each test's own: ending every other session (below) signs out any a test before it had.
beforeEach(async () => {
  [stale, fresh] = await Promise.all([sessionCookie('admin'), sessionCookie('admin', { fresh: true })]);
});

const signedIn = async (cookie: string) => (await call('/api/auth/user', { cookie })).status === 200;
const stepUpAsked = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ error: 'step_up_required', seconds: 600 });
};
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A form pressed in a browser: a navigation (fetch would mark it as a script's request with its own Sec-Fetch-Mode). */
function pressForm(path: string, cookie: string, body: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base()), {
      method: 'POST',
      headers: { Origin: base(), Cookie: cookie, 'Sec-Fetch-Mode': 'navigate', ...form, 'Content-Length': String(Buffer.byteLength(body)) },
    });
    request.on('response', (answer) => {
      answer.resume();
      resolve({ status: answer.statusCode ?? 0, location: answer.headers.location });
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('a stale session is asked to confirm it is the owner, and nothing changes', () => {
  it('creating a token', async () => {
    const before = await getJson('/api/tokens', stale);
    await stepUpAsked(await call('/api/tokens', { method: 'POST', cookie: stale, body: { name: 'Stale token' } }));
    expect(await getJson('/api/tokens', stale)).toEqual(before);
    const created = await call('/api/tokens', { method: 'POST', cookie: fresh, body: { name: 'Fresh token' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Fresh token', token: expect.any(String) });
  });

  it('adding or removing a passkey', async () => {
    const before = await getJson('/api/passkeys', stale);
    await stepUpAsked(await call('/api/passkeys/options', { method: 'POST', cookie: stale }));
    await stepUpAsked(await call('/api/passkeys', { method: 'POST', cookie: stale, body: { name: 'Stale key', response: {} } }));
    await stepUpAsked(await call('/api/passkeys/999999', { method: 'DELETE', cookie: stale }));
    expect(await getJson('/api/passkeys', stale)).toEqual(before);
    // A fresh session gets past the check to the act's own answers.
    expect((await call('/api/passkeys/options', { method: 'POST', cookie: fresh })).status).toBe(200);
    expect((await call('/api/passkeys/999999', { method: 'DELETE', cookie: fresh })).status).toBe(404);
  });

  it('restoring an archive (refused before the upload is read)', async () => {
    const restore = (cookie: string) =>
      call('/api/import', { method: 'POST', cookie, body: 'not an archive', headers: { 'Content-Type': 'application/gzip' } });
    await stepUpAsked(await restore(stale));
    // A fresh session reaches the archive checks (a real restore would sign every other test file out).
    expect((await restore(fresh)).status).toBe(400);
  });

  it('ending every other session: a script gets the 403, a page goes to sign in again and comes back', async () => {
    const other = await sessionCookie('admin');
    const endOthers = (cookie: string) => call('/api/sessions', { method: 'POST', cookie, body: 'action=end-others', headers: form });
    await stepUpAsked(await endOthers(stale));
    expect(await pressForm('/api/sessions', stale, 'action=end-others')).toEqual({
      status: 303,
      location: '/api/login?choose&return_to=%2Faccount%2Fsessions',
    });
    expect(await signedIn(other)).toBe(true);
    // Ending one session is not a dangerous act.
    expect((await call('/api/sessions', { method: 'POST', cookie: stale, body: 'action=end&session=0000000000000000', headers: form })).status).toBe(404);
    // A fresh session ends them (its own lives on).
    expect(await pressForm('/api/sessions', fresh, 'action=end-others')).toEqual({ status: 303, location: '/account/sessions' });
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(fresh)).toBe(true);
  });
});

describe('signing in again', () => {
  it('makes a stale browser fresh, is logged as a step-up, and returns to the page that asked', async () => {
    const old = await sessionCookie('admin');
    const address = freshClientAddress();
    const chooser = await call('/api/login?choose&return_to=%2Fdata-management%2Ftokens');
    expect(chooser.status).toBe(200);
    expect(await chooser.text()).toContain('needs a sign-in from the last few minutes');
    const kept = chooser.headers.getSetCookie().find((line) => line.startsWith('return_to='));
    expect(kept).toMatch(/^return_to=%2Fdata-management%2Ftokens; Path=\/; Max-Age=900; HttpOnly; SameSite=Lax/);

    const link = await printOwnerLink(address);
    const signedInAgain = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address, Cookie: `${old}; ${kept!.split(';')[0]}` });
    expect(signedInAgain.status).toBe(303);
    expect(signedInAgain.headers.get('location')).toBe('/data-management/tokens');
    expect(signedInAgain.headers.getSetCookie().some((line) => line.startsWith('return_to=;'))).toBe(true);
    const renewed = sessionCookieFrom(signedInAgain)!;
    expect(await signedIn(old)).toBe(false);
    expect((await call('/api/tokens', { method: 'POST', cookie: renewed, body: { name: 'After confirming' } })).status).toBe(201);

    const log = await (await call('/data-management/security?kind=sign-in', { cookie: renewed })).text();
    expect(log).toContain('step-up');
  });

  it('keeps only a path on this site to return to', async () => {
    for (const elsewhere of ['https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example', '%2Fapi%2Ftokens']) {
      const chooser = await call(`/api/login?choose&return_to=${elsewhere}`);
      expect(chooser.headers.getSetCookie().some((line) => line.startsWith('return_to='))).toBe(false);
    }
  });
});
