import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from '../db/client.ts';
import { securityEvents } from '../db/schema.ts';
import { deleteOldSecurityEvents, listSecurityEvents, recordSecurityEvent } from './security-log.ts';

// PGlite's start and migrations take a while on a loaded machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const DAY = 24 * 60 * 60 * 1000;
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
});
afterAll(() => close());
// Each test reads the log it wrote, in any order.
beforeEach(async () => {
  await db.delete(securityEvents);
});

describe('the security log service', () => {
  it('keeps an event whose request-supplied text holds NUL (PostgreSQL refuses it), with U+FFFD in its place', async () => {
    await recordSecurityEvent(db, {
      kind: 'sign-in',
      outcome: 'refused',
      reason: 'nul\u0000reason',
      clientAddress: 'nul-test',
      detail: { said: 'forged\u0000error', list: ['a\u0000'] },
    });
    const [event] = await db.select().from(securityEvents).where(eq(securityEvents.clientAddress, 'nul-test'));
    expect(event).toMatchObject({ reason: 'nul\uFFFDreason', detail: { said: 'forged\uFFFDerror', list: ['a\uFFFD'] } });
    await db.delete(securityEvents).where(eq(securityEvents.clientAddress, 'nul-test'));
  });

  it('keeps 180 days: the retention job deletes older events and keeps the rest', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    await db.insert(securityEvents).values([
      { kind: 'sign-in', outcome: 'success', reason: 'old', at: new Date(now.getTime() - 181 * DAY) },
      { kind: 'sign-in', outcome: 'success', reason: 'recent', at: new Date(now.getTime() - 179 * DAY) },
    ]);
    expect(await deleteOldSecurityEvents(db, now)).toBe(1);
    const left = await listSecurityEvents(db, {}, 'UTC');
    expect(left.events.map((event) => event.reason)).toEqual(['recent']);
  });

  it('filters by kind, outcome and day range in the owner time zone, newest first, a page at a time', async () => {
    await recordSecurityEvent(db, { kind: 'sign-in', outcome: 'refused', reason: 'r1', clientAddress: 'a\nOwner sign-in: http://evil' });
    await db.insert(securityEvents).values([
      { kind: 'admin-write', outcome: 'success', reason: 'day-1', at: new Date('2026-03-01T23:30:00Z') },
      { kind: 'admin-write', outcome: 'success', reason: 'day-2', at: new Date('2026-03-02T10:00:00Z') },
      { kind: 'admin-write', outcome: 'success', reason: 'day-3', at: new Date('2026-03-03T10:00:00Z') },
    ]);
    const refused = await listSecurityEvents(db, { outcome: 'refused' }, 'UTC');
    expect(refused.events.map((event) => event.reason)).toEqual(['r1']);
    // The request's text is kept as given, in its own column, never folded into a line.
    expect(refused.events[0]!.clientAddress).toBe('a\nOwner sign-in: http://evil');
    // 23:30 UTC on 1 March is 2 March in Berlin.
    const berlin = await listSecurityEvents(db, { kind: 'admin-write', from: '2026-03-02', to: '2026-03-02' }, 'Europe/Berlin');
    expect(berlin.events.map((event) => event.reason)).toEqual(['day-2', 'day-1']);
    const paged = await listSecurityEvents(db, { kind: 'admin-write', page: 2 }, 'UTC', 2);
    expect(paged).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(paged.events.map((event) => event.reason)).toEqual(['day-1']);
  });
});
