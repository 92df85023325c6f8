import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from '../db/client.ts';
import { projects } from '../db/schema.ts';
import { localDay } from '../services/owner-time.ts';
import { seedDatabase } from './index.ts';
import { resetToSeed, takeSeedSnapshot } from './snapshot.ts';

/*
 * The test harness's reset (POST /api/test/reset) on a seeded database: back to the seed on the same day of the
 * owner's, and a seed made afresh for today once the owner's midnight has passed since the snapshot.
 */
const ZONE = 'Pacific/Auckland';
const DAY_MS = 86_400_000;
let db: Db;
let close: (() => Promise<void>) | undefined;

/** The database seeded as of `now` (a fresh one when `fresh`), its snapshot kept. */
async function seededAsOf(now: Date, fresh = true) {
  if (fresh) {
    await close?.();
    ({ db, close } = await memoryDatabase());
  }
  await seedDatabase(db, ZONE, now);
  await takeSeedSnapshot(db, localDay(now, ZONE));
}
afterAll(() => close?.());

const rows = async (query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
};
/** The owner's last day with a demo point: the day the seed was made for. */
const lastSeededDay = async () => {
  const [row] = await rows(sql`select max(at) as at from metric_points where source = 'demo'`);
  return localDay(new Date(String(row?.at)), ZONE);
};
const projectNames = async () => (await db.select({ name: projects.name }).from(projects)).map((p) => p.name).sort();

describe('resetToSeed', () => {
  it('is refused on a database without a snapshot', async () => {
    ({ db, close } = await memoryDatabase());
    expect(await resetToSeed(db, ZONE)).toBe(false);
  }, 60_000);

  it('on the day of the snapshot, puts the seed back and forgets what was written since', async () => {
    const now = new Date();
    await seededAsOf(now, false);
    const seeded = await projectNames();
    await db
      .insert(projects)
      .values({ name: 'Written after the seed', description: 'Gone after a reset.', category: 'personal' });
    expect(await projectNames()).toContain('Written after the seed');

    expect(await resetToSeed(db, ZONE, now)).toBe(true);
    expect(await projectNames()).toEqual(seeded);
  }, 60_000);

  it("after the owner's midnight, seeds afresh for the new day and keeps that as the snapshot", async () => {
    const yesterday = new Date(Date.now() - DAY_MS);
    const today = new Date();
    await seededAsOf(yesterday);
    expect(await lastSeededDay()).toBe(localDay(yesterday, ZONE));

    expect(await resetToSeed(db, ZONE, today)).toBe(true);
    expect(await lastSeededDay()).toBe(localDay(today, ZONE));
    const [snapshot] = await rows(sql`select day from test_seed_snapshot.seeded_on`);
    expect(snapshot?.day).toBe(localDay(today, ZONE));

    // The new snapshot is what later resets on that day return to.
    const seeded = await projectNames();
    await db
      .insert(projects)
      .values({ name: 'Written on the new day', description: 'Gone after a reset.', category: 'personal' });
    await resetToSeed(db, ZONE, today);
    expect(await projectNames()).toEqual(seeded);
    expect(await lastSeededDay()).toBe(localDay(today, ZONE));
  }, 60_000);
});
