import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('OWNER_LINK=off', () => {
  it('is not honoured while there is no other way in: no passkey, no provider', async () => {
    expect(await ownerLinksOn(db, testConfig())).toBe(true);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'off' }))).toBe(true);
  });

  it('turns links off once a sign-in provider is configured', async () => {
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'off', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }))).toBe(false);
  });

  it('turns links off as soon as anyone has a passkey, without a restart', async () => {
    await db.insert(users).values({ id: 'u1', email: 'owner@example.test', role: 'admin' });
    await db.insert(passkeys).values({ userId: 'u1', credentialId: 'cred', publicKey: 'key', name: 'Laptop', deviceType: 'singleDevice' });
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'off' }))).toBe(false);
    expect(await ownerLinksOn(db, testConfig({ OWNER_LINK: 'on' }))).toBe(true);
  });
});
