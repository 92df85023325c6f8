import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS } from '#api/auth/rate-limit.ts';
import { hashRecoveryCode, normaliseRecoveryCode } from '#api/auth/recovery-codes.ts';
import { readTar } from '#api/export/tar.ts';
import { call, getJson } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';

/*
 * Recovery codes against the real server: the owner makes a set (shown once), sees how many are left, signs
 * in with one through the plain form, once; a new set voids the old; codes never leave in an archive.
 */
let admin = '';
beforeAll(async () => {
  admin = await sessionCookie('admin', { fresh: true });
});

interface Made {
  createdAt: string;
  unused: number;
  codes: { number: number; usedAt: string | null }[];
  recoveryCodes: string[];
}

async function makeCodes(): Promise<string[]> {
  const response = await call('/api/recovery-codes', { method: 'POST', cookie: admin });
  expect(response.status).toBe(201);
  const made = (await response.json()) as Made;
  expect(made.unused).toBe(10);
  return made.recoveryCodes;
}

/** The sign-in form's POST, as the browser sends it, from a client address of its own unless given one. */
const useCode = (code: string, address = freshClientAddress()) =>
  call('/api/login/recovery-code', {
    method: 'POST',
    body: new URLSearchParams({ code }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', [TEST_CLIENT_HEADER]: address },
  });

async function signedInAs(cookie: string): Promise<string | null> {
  const me = await call('/api/auth/user', { cookie });
  return me.status === 200 ? ((await me.json()) as { email: string; role: string }).role : null;
}

describe('recovery codes', () => {
  it('are made ten at a time, shown once, and listed afterwards only as used or unused', async () => {
    const codes = await makeCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    const listed = await call('/api/recovery-codes', { cookie: admin });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    for (const code of codes) expect(text).not.toContain(code);
    const summary = JSON.parse(text) as Made;
    expect(summary.unused).toBe(10);
    expect(summary.codes.map((code) => code.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The passkeys page lists them too, without a code.
    const page = await call('/data-management/passkeys', { cookie: admin });
    const html = await page.text();
    expect(html).toContain('10 of 10 unused');
    for (const code of codes) expect(html).not.toContain(code);
    // The sign-in page now offers the way in.
    expect(await (await call('/api/login?choose')).text()).toContain('href="/api/login/recovery-code"');
  });

  it('sign the owner in once each, typed in any case with spaces; the same code again is refused', async () => {
    const [code, other] = await makeCodes();
    const form = await call('/api/login/recovery-code');
    expect(form.status).toBe(200);
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(await form.text()).toMatch(/<form method="post" action="\/api\/login\/recovery-code"/);

    const first = await useCode(` ${code!.toUpperCase().replaceAll('-', ' ')} `);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = sessionCookieFrom(first)!;
    expect(await signedInAs(cookie)).toBe('admin');

    const again = await useCode(code!);
    expect(again.status).toBe(400);
    expect(sessionCookieFrom(again)).toBeNull();
    const refusal = await again.text();
    expect(refusal).toContain('This recovery code does not work');

    const summary = await getJson<Made>('/api/recovery-codes', admin);
    expect(summary.unused).toBe(9);
    expect(summary.codes.filter((entry) => entry.usedAt !== null)).toHaveLength(1);
    expect((await useCode(other!)).status).toBe(303);
  });

  it('refuse a wrong code with the same words as a used one, signing nobody in', async () => {
    await makeCodes();
    for (const typed of ['abcd-efgh-jkmn-pqrs', 'not a code', '']) {
      const response = await useCode(typed);
      expect(response.status, typed).toBe(400);
      expect(sessionCookieFrom(response)).toBeNull();
      expect(await response.text()).toContain('This recovery code does not work');
    }
  });

  it('let only one of two uses of one code at the same moment sign in', async () => {
    const [code] = await makeCodes();
    const answers = await Promise.all([useCode(code!), useCode(code!)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
  });

  it('are voided whole by a new set', async () => {
    const old = await makeCodes();
    const fresh = await makeCodes();
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect((await useCode(old[3]!)).status).toBe(400);
    expect((await useCode(fresh[3]!)).status).toBe(303);
  });

  it(`count against the sign-in rate limit: attempt ${SIGN_IN_ATTEMPTS + 1} from one address is refused, even with a good code`, async () => {
    const [good] = await makeCodes();
    const address = freshClientAddress();
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect((await useCode('abcd-efgh-jkmn-pqrs', address)).status, `attempt ${attempt}`).toBe(400);
    }
    const refused = await useCode(good!, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionCookieFrom(refused)).toBeNull();
    // The good code was not spent by the refused attempt.
    expect((await useCode(good!)).status).toBe(303);
  });

  it('go to the security log: each set made, each use and each refusal', async () => {
    const [code] = await makeCodes();
    const address = freshClientAddress();
    await useCode(code!, address);
    await useCode(code!, address);
    const rows = async (query: string) => (await (await call(`/data-management/security?${query}`, { cookie: admin })).text()).match(/<tr class="[^"]*" data-kind[\s\S]*?<\/tr>/g) ?? [];
    expect((await rows('kind=recovery-codes-made')).length).toBeGreaterThan(0);
    const signIns = (await rows('kind=sign-in')).filter((row) => row.includes(address));
    expect(signIns.some((row) => row.includes('data-outcome="success"') && row.includes('recovery-code'))).toBe(true);
    expect(signIns.some((row) => row.includes('data-outcome="refused"') && row.includes('wrong, malformed or already used recovery code'))).toBe(true);
  });

  it('are never in an export archive', async () => {
    const codes = await makeCodes();
    const response = await call('/api/export', { cookie: admin });
    expect(response.status).toBe(200);
    const tar = Buffer.from(gunzipSync(Buffer.from(await response.arrayBuffer())));
    const entries = readTar(tar);
    expect([...entries.keys()].some((path) => path.includes('recovery_codes'))).toBe(false);
    const text = tar.toString('latin1');
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(hashRecoveryCode(normaliseRecoveryCode(code)!));
    }
  });
});
