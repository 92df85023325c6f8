import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { loginLinks } from '../db/schema.ts';
import { OWNER_LINK_TTL_MS, createOwnerLink, redeemOwnerLink } from './owner-link.ts';
import { memoryDatabase } from './test-db.ts';

// A fresh in-memory database takes seconds to start and migrate on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token');

describe('one-time owner links', () => {
  it('point at the given origin and store only the hash of their token', async () => {
    const link = await createOwnerLink(db, 'https://me.example');
    expect(link).toMatch(/^https:\/\/me\.example\/api\/login\/owner\?token=[a-z2-7]{32}$/);
    const rows = await db.select().from(loginLinks);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
  });

  it('work once', async () => {
    const token = tokenOf(await createOwnerLink(db, 'http://localhost:4321'));
    expect(await redeemOwnerLink(db, token)).toBe(true);
    expect(await redeemOwnerLink(db, token)).toBe(false);
  });

  it('stop working 15 minutes after they were made', async () => {
    const made = new Date('2030-01-01T12:00:00Z');
    const early = tokenOf(await createOwnerLink(db, 'http://localhost:4321', made));
    const late = tokenOf(await createOwnerLink(db, 'http://localhost:4321', made));
    expect(await redeemOwnerLink(db, early, new Date(made.getTime() + OWNER_LINK_TTL_MS - 1000))).toBe(true);
    expect(await redeemOwnerLink(db, late, new Date(made.getTime() + OWNER_LINK_TTL_MS))).toBe(false);
  });

  it('refuse anything that is not one of our tokens', async () => {
    for (const token of [null, '', 'short', 'A'.repeat(32), "' or 1=1 --"]) expect(await redeemOwnerLink(db, token)).toBe(false);
  });
});
