import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { SESSION_IDLE_MS, SESSION_LAST_USED_EVERY_MS, SESSION_MAX_AGE_MS, checkSessionToken, createSession, validateSessionToken } from './session.ts';
import { memoryDatabase, testConfig } from './test-db.ts';
import { hashToken } from './tokens.ts';
import { newUserId } from './users.ts';

// A fresh in-memory database takes seconds to start and migrate on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const cfg = testConfig({ ADMIN_EMAILS: 'boss@example.test' });
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());

async function user(email = `${newUserId()}@example.test`, role: 'admin' | 'viewer' = 'viewer', emailVerified = true) {
  const [row] = await db.insert(users).values({ id: newUserId(), email, role, emailVerified }).returning();
  return row!;
}

describe('sessions', () => {
  it('keeps only the SHA-256 of the token, and the stored value does not work as a cookie', async () => {
    const { id } = await user();
    const { token } = await createSession(db, id);
    const rows = await db.select().from(sessions).where(eq(sessions.sid, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).not.toBe(token);
    expect(JSON.stringify(rows[0])).not.toContain(token);
    expect(await validateSessionToken(db, token, cfg)).not.toBeNull();
    expect(await validateSessionToken(db, rows[0]!.sid, cfg)).toBeNull();
  });

  it('ends a session left unused for 30 days and removes its row', async () => {
    const { id } = await user();
    const start = new Date('2030-01-01T00:00:00Z');
    const { token } = await createSession(db, id, start);
    expect(await validateSessionToken(db, token, cfg, new Date(start.getTime() + SESSION_IDLE_MS - HOUR))).not.toBeNull();
    // That use renewed it; 30 idle days after the renewal it is gone.
    const renewedAt = start.getTime() + SESSION_IDLE_MS - HOUR;
    expect(await validateSessionToken(db, token, cfg, new Date(renewedAt + SESSION_IDLE_MS))).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.sid, hashToken(token)))).toHaveLength(0);
  });

  it('moves the idle deadline at most once a day', async () => {
    const { id } = await user();
    const start = new Date('2030-02-01T00:00:00Z');
    const { token, expiresAt } = await createSession(db, id, start);
    const sameDay = await validateSessionToken(db, token, cfg, new Date(start.getTime() + 5 * HOUR));
    expect(sameDay?.renewed).toBe(false);
    expect(sameDay?.expiresAt.getTime()).toBe(expiresAt.getTime());
    const nextDay = await validateSessionToken(db, token, cfg, new Date(start.getTime() + DAY + HOUR));
    expect(nextDay?.renewed).toBe(true);
    expect(nextDay?.expiresAt.getTime()).toBe(start.getTime() + DAY + HOUR + SESSION_IDLE_MS);
    const laterThatDay = await validateSessionToken(db, token, cfg, new Date(start.getTime() + DAY + 3 * HOUR));
    expect(laterThatDay?.renewed).toBe(false);
  });

  it('ends even a daily-used session 90 days after sign-in', async () => {
    const { id } = await user();
    const start = new Date('2030-03-01T00:00:00Z');
    const { token } = await createSession(db, id, start);
    let last = null;
    for (let day = 1; day < 90; day++) last = await validateSessionToken(db, token, cfg, new Date(start.getTime() + day * DAY));
    expect(last).not.toBeNull();
    // The renewals never pushed the deadline past the absolute end.
    expect(last!.expiresAt.getTime()).toBeLessThanOrEqual(start.getTime() + SESSION_MAX_AGE_MS);
    expect(await validateSessionToken(db, token, cfg, new Date(start.getTime() + SESSION_MAX_AGE_MS))).toBeNull();
  });

  it('refuses malformed and unknown tokens', async () => {
    for (const token of [undefined, '', 'x', 'a'.repeat(32), 'A'.repeat(32), `${'a'.repeat(31)};`]) {
      expect(await validateSessionToken(db, token, cfg)).toBeNull();
    }
  });

  it('signs out an admin who is no longer listed in ADMIN_EMAILS, and keeps them a viewer', async () => {
    const boss = await user('boss@example.test', 'admin');
    const { token } = await createSession(db, boss.id);
    expect((await validateSessionToken(db, token, cfg))?.user.role).toBe('admin');
    const demoting = testConfig({ ADMIN_EMAILS: 'someone-else@example.test' });
    expect(await validateSessionToken(db, token, demoting)).toBeNull();
    const [row] = await db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.role).toBe('viewer');
    expect(await db.select().from(sessions).where(eq(sessions.sid, hashToken(token)))).toHaveLength(0);
  });
});

describe('last used', () => {
  it('is written when a session is used, at most every few minutes', async () => {
    const id = newUserId();
    await db.insert(users).values({ id, email: `${id}@example.test` });
    const start = new Date();
    const { token } = await createSession(db, id, start);
    const lastUsed = async () => (await db.select().from(sessions).where(eq(sessions.sid, hashToken(token))))[0]!.sess.lastUsedAt;
    await checkSessionToken(db, token, testConfig(), new Date(start.getTime() + 60_000));
    expect(await lastUsed()).toBe(start.toISOString());
    const later = new Date(start.getTime() + SESSION_LAST_USED_EVERY_MS + 1);
    await checkSessionToken(db, token, testConfig(), later);
    expect(await lastUsed()).toBe(later.toISOString());
  });
});
