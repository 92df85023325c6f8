import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { passkeys, users } from '../db/schema.ts';
import { ownerLinksOn } from './owner-link-switch.ts';
import { memoryDatabase, testConfig } from './test-db.ts';

// A fresh in-memory database takes seconds to start and migrate on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());
// Each test starts with nobody signed up, in any order.
beforeEach(async () => {
  await db.delete(passkeys);
  await db.delete(users);
});

const github = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };

describe('OWNER_LINK=auto (the default) and off', () => {
  it('keep links on while there is no other way in: no passkey, no provider', async () => {
    expect(testConfig().OWNER_LINK).toBe('auto');
    expect(await ownerLinksOn(db, testConfig())).toBe(true);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'off' }))).toBe(true);
  });

  it('turn links off once a sign-in provider is configured; on keeps them', async () => {
    expect(await ownerLinksOn(db, testConfig(github))).toBe(false);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'off', ...github }))).toBe(false);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'on', ...github }))).toBe(true);
  });

  it('turn links off as soon as anyone has a passkey, without a restart', async () => {
    await db.insert(users).values({ id: 'u1', email: 'owner@example.test', role: 'admin' });
    await db.insert(passkeys).values({ userId: 'u1', credentialId: 'cred', publicKey: 'key', name: 'Laptop', deviceType: 'singleDevice' });
    expect(await ownerLinksOn(db, testConfig())).toBe(false);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'off' }))).toBe(false);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'on' }))).toBe(true);
  });
});
