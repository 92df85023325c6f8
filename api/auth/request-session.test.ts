import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { PUBLIC_PAGE_CACHE, SESSION_PAGE_CACHE } from '../http/cache-headers.ts';
import { finishSessionResponse, sessionFromRequest } from './request-session.ts';
import { createSession } from './session.ts';
import { memoryDatabase, testConfig } from './test-db.ts';
import { hashToken } from './tokens.ts';
import { newUserId } from './users.ts';

// A fresh in-memory database takes seconds to start and migrate on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const DAY = 24 * 60 * 60 * 1000;
const cfg = testConfig();
const url = new URL('http://localhost/some/page');
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());

/** A signed-in viewer whose session was last renewed two days ago (due for renewal). */
async function dueSession() {
  const [user] = await db.insert(users).values({ id: newUserId(), email: `${newUserId()}@example.test`, role: 'viewer', emailVerified: true }).returning();
  const { token } = await createSession(db, user!.id, new Date(Date.now() - 2 * DAY));
  const request = new Request(url, { headers: { Cookie: `session=${token}` } });
  const renewedAt = async () => (await db.select().from(sessions).where(eq(sessions.sid, hashToken(token))))[0]!.sess.renewedAt;
  return { token, request, renewedAt };
}

describe('the session cookie on an answer', () => {
  it('is not renewed on an answer a shared cache may keep, and nothing is written', async () => {
    const { request, renewedAt } = await dueSession();
    const before = await renewedAt();
    for (const cacheControl of [PUBLIC_PAGE_CACHE, 'public, max-age=60', 's-maxage=30']) {
      const headers = new Headers({ 'Cache-Control': cacheControl });
      await finishSessionResponse(headers, await sessionFromRequest(request, url, cfg, db));
      expect(headers.getSetCookie(), cacheControl).toEqual([]);
      expect(headers.get('Cache-Control')).toBe(cacheControl);
    }
    expect(await renewedAt()).toBe(before);
  });

  it('is renewed on a private answer', async () => {
    const { token, request, renewedAt } = await dueSession();
    const before = await renewedAt();
    const headers = new Headers({ 'Cache-Control': SESSION_PAGE_CACHE });
    await finishSessionResponse(headers, await sessionFromRequest(request, url, cfg, db));
    expect(headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^session=${token}; Path=/; Max-Age=259\\d{4}; HttpOnly`))]);
    expect(Date.parse(await renewedAt())).toBeGreaterThan(Date.parse(before));
  });

  it('makes any answer that sets a cookie private (a sign-in, or a dead session removed)', async () => {
    const signIn = new Headers({ 'Cache-Control': PUBLIC_PAGE_CACHE, 'Set-Cookie': 'session=abc; Path=/' });
    await finishSessionResponse(signIn, { user: null, clearCookie: null, renew: null, cookieName: 'session' });
    expect(signIn.get('Cache-Control')).toBe(SESSION_PAGE_CACHE);

    const dead = new Request(url, { headers: { Cookie: `session=${'a'.repeat(32)}` } });
    const headers = new Headers({ 'Cache-Control': PUBLIC_PAGE_CACHE });
    await finishSessionResponse(headers, await sessionFromRequest(dead, url, cfg, db));
    expect(headers.getSetCookie()).toEqual([expect.stringMatching(/^session=; Path=\/; Max-Age=0/)]);
    expect(headers.get('Cache-Control')).toBe(SESSION_PAGE_CACHE);
  });
});
