import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { sessions, userAccounts, users } from '../db/schema.ts';
import { roleFor } from './roles.ts';
import { createSession, validateSessionToken } from './session.ts';
import { memoryDatabase, testConfig } from './test-db.ts';
import { claimVerified, newUserId, ownerAccount, reevaluateRoles } from './users.ts';

// A fresh in-memory database takes seconds to start and migrate on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());

describe('roles', () => {
  const cfg = testConfig({ ADMIN_EMAILS: 'a@example.test,b@example.test', OWNER_EMAIL: 'owner@example.test' });

  it('makes the owner and verified ADMIN_EMAILS admins, whatever the letter case', () => {
    expect(roleFor('owner@example.test', true, cfg)).toBe('admin');
    expect(roleFor('B@Example.TEST', true, cfg)).toBe('admin');
    expect(roleFor('c@example.test', true, cfg)).toBe('viewer');
  });

  it('never makes an unverified address an admin', () => {
    expect(roleFor('a@example.test', false, cfg)).toBe('viewer');
    expect(roleFor('owner@example.test', false, cfg)).toBe('viewer');
  });

  it('re-evaluates every account at start-up: demoted users lose their sessions, promoted ones keep theirs', async () => {
    const before = testConfig({ ADMIN_EMAILS: 'old-admin@example.test' });
    const after = testConfig({ ADMIN_EMAILS: 'new-admin@example.test' });
    const [oldAdmin] = await db.insert(users).values({ id: newUserId(), email: 'old-admin@example.test', emailVerified: true, role: 'admin' }).returning();
    const [newAdmin] = await db.insert(users).values({ id: newUserId(), email: 'new-admin@example.test', emailVerified: true, role: 'viewer' }).returning();
    const oldSession = await createSession(db, oldAdmin!.id);
    const newSession = await createSession(db, newAdmin!.id);
    expect((await validateSessionToken(db, oldSession.token, before))?.user.role).toBe('admin');

    const changes = await reevaluateRoles(db, after);
    expect(changes.demoted).toBeGreaterThanOrEqual(1);
    expect(changes.promoted).toBeGreaterThanOrEqual(1);
    expect(await validateSessionToken(db, oldSession.token, after)).toBeNull();
    expect((await validateSessionToken(db, newSession.token, after))?.user.role).toBe('admin');
  });
});

describe('accounts', () => {
  it('creates the owner account on first use, verified and admin, and finds it afterwards', async () => {
    const cfg = testConfig({ OWNER_EMAIL: 'First.Owner@example.test' });
    const first = await ownerAccount(db, cfg);
    expect(first).toMatchObject({ email: 'first.owner@example.test', emailVerified: true, role: 'admin' });
    expect((await ownerAccount(db, cfg)).id).toBe(first.id);
  });

  it('hands an account claimed by an unverified address to the verified owner, unlinking the claimant', async () => {
    const [squatted] = await db.insert(users).values({ id: newUserId(), email: 'victim@example.test', emailVerified: false }).returning();
    await db.insert(userAccounts).values({ provider: 'oidc', subject: 'squatter', userId: squatted!.id });
    const squatterSession = await createSession(db, squatted!.id);

    const claimed = await claimVerified(db, squatted!);
    expect(claimed.emailVerified).toBe(true);
    expect(await db.select().from(userAccounts).where(eq(userAccounts.userId, squatted!.id))).toHaveLength(0);
    expect(await validateSessionToken(db, squatterSession.token, testConfig())).toBeNull();
    expect(await db.select().from(sessions)).not.toContainEqual(expect.objectContaining({ sess: expect.objectContaining({ userId: squatted!.id }) }));
  });
});
