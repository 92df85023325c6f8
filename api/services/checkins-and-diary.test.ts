import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from '../db/client.ts';
import { checkins, diaryEntries, metricPoints, metrics, seedMarks } from '../db/schema.ts';
import { DIARY_SEED_FIGURES, seedDiaryOnce } from '../seed/diary.ts';
import { checkinInstant, recentTags, saveCheckin, yearBefore } from './checkins.ts';
import { deleteEntry, diaryStats, findEntry, moodWeek, searchEntries, updateEntry } from './diary.ts';

const ZONE = 'Europe/Berlin';
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());

/** The points of one metric on one day (other tests write other days). */
const pointsOf = async (key: string, day: string) =>
  db
    .select({ at: metricPoints.at, value: metricPoints.value })
    .from(metricPoints)
    .innerJoin(metrics, eq(metrics.id, metricPoints.metricId))
    .where(and(eq(metrics.key, key), eq(metricPoints.at, checkinInstant(day, ZONE))));

describe('the daily check-in', () => {
  it('merges taps into one row, writes one point a day per scale at noon, and keeps the note as the day\'s entry', async () => {
    await saveCheckin(db, '2026-05-04', { mood: 2 }, ZONE);
    await saveCheckin(db, '2026-05-04', { energy: 5 }, ZONE);
    await saveCheckin(db, '2026-05-04', { mood: 4, note: 'Walked <b>home</b>', tags: ['outdoors'] }, ZONE);
    const [row] = await db.select().from(checkins).where(eq(checkins.day, '2026-05-04'));
    expect(row).toMatchObject({ mood: 4, energy: 5, note: 'Walked <b>home</b>', tags: ['outdoors'] });
    expect(await pointsOf('mood', '2026-05-04')).toEqual([{ at: checkinInstant('2026-05-04', ZONE), value: 4 }]);
    expect(await pointsOf('energy', '2026-05-04')).toEqual([{ at: checkinInstant('2026-05-04', ZONE), value: 5 }]);
    const [metric] = await db.select().from(metrics).where(eq(metrics.key, 'mood'));
    expect(metric?.visibility).toBe('owner');
    const entries = await db.select().from(diaryEntries).where(eq(diaryEntries.checkinDay, '2026-05-04'));
    expect(entries).toMatchObject([{ title: 'Check-in', content: 'Walked <b>home</b>', mood: 4, tags: ['outdoors'] }]);
    // Clearing a level removes its point; clearing the note removes the entry.
    await saveCheckin(db, '2026-05-04', { energy: null, note: '' }, ZONE);
    expect(await pointsOf('energy', '2026-05-04')).toEqual([]);
    expect(await db.select().from(diaryEntries).where(eq(diaryEntries.checkinDay, '2026-05-04'))).toEqual([]);
  });

  it('offers the most used recent tags first', async () => {
    // Years after every other test's days, which fall outside the 90 days looked back.
    await saveCheckin(db, '2030-05-05', { tags: ['deadline', 'outdoors'] }, ZONE);
    await saveCheckin(db, '2030-05-06', { tags: ['outdoors'] }, ZONE);
    expect(await recentTags(db, '2030-05-07')).toEqual(['outdoors', 'deadline']);
  });

  it('looks back a year, 29 February to the 28th', () => {
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
    expect(yearBefore('2026-11-27')).toBe('2025-11-27');
  });
});

const wipe = async () => {
  for (const table of [diaryEntries, seedMarks, checkins]) await db.delete(table);
};

// Each test stands alone: the diary's tests start from the seed they read.
describe('the diary', () => {
  it('editing or deleting a check-in entry changes the check-in', async () => {
    await saveCheckin(db, '2026-05-07', { mood: 3, note: 'Tired but fine' }, ZONE);
    const [entry] = await db.select().from(diaryEntries).where(eq(diaryEntries.checkinDay, '2026-05-07'));
    await updateEntry(db, entry!, { content: 'Better after tea', mood: 4 }, ZONE);
    expect(await db.select({ note: checkins.note, mood: checkins.mood }).from(checkins).where(eq(checkins.day, '2026-05-07'))).toEqual([
      { note: 'Better after tea', mood: 4 },
    ]);
    await deleteEntry(db, (await findEntry(db, entry!.id))!, ZONE);
    expect(await findEntry(db, entry!.id)).toBeNull();
    expect((await db.select({ mood: checkins.mood }).from(checkins).where(eq(checkins.day, '2026-05-07')))[0]?.mood).toBe(4);
  });

  it("seeds SPEC's figures once, dated back from today, whatever the day of the month", { timeout: 30_000 }, async () => {
    for (const today of ['2026-11-27', '2026-12-01', '2026-12-09', '2027-03-31']) {
      await wipe();
      expect(await seedDiaryOnce(db, today)).toBe(true);
      expect(await diaryStats(db, today), today).toEqual(DIARY_SEED_FIGURES);
      expect(await seedDiaryOnce(db, today)).toBe(false);
    }
    await db.execute(sql`delete from diary_entries`);
    expect(await seedDiaryOnce(db, '2027-03-31')).toBe(false); // emptied by its owner, it stays empty
  });

  it('finds titles, text and tags by full text and marks the words found', async () => {
    await wipe();
    await seedDiaryOnce(db, '2026-11-27');
    const hits = await searchEntries(db, 'pitch');
    expect(hits.map((hit) => hit.entry.title)).toEqual(['The chart finally sang']);
    expect(hits[0]!.snippet?.filter((part) => part.hit).map((part) => part.text)).toEqual(['pitch']);
    expect((await searchEntries(db, 'breakthr')).map((hit) => hit.entry.title)).toEqual(['The chart finally sang']);
    expect(await searchEntries(db, '')).toEqual([]);
  });

  it('tracks the mood of the last seven days', async () => {
    await wipe();
    await seedDiaryOnce(db, '2026-11-27');
    const week = await moodWeek(db, '2026-11-27');
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toEqual({ day: '2026-11-27', level: 5 });
  });
});

describe('migration 0009: mood and energy move to the 1–5 scale', () => {
  it("keeps a site's 1–10 points under renamed metrics, gives the keys to owner-only 1–5 metrics, and is harmless run again", async () => {
    const fresh = await memoryDatabase();
    try {
      const [old] = await fresh.db
        .insert(metrics)
        .values({ key: 'mood', name: 'Mood', unit: 'score', aggregation: 'average', visibility: 'signed-in' })
        .returning();
      await fresh.db.insert(metricPoints).values({ metricId: old!.id, at: new Date('2026-01-01T12:00:00Z'), value: 7.5 });
      const statements = readFileSync(new URL('../../drizzle/0010_mood_energy_one_to_five.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
      for (let pass = 0; pass < 2; pass++) for (const statement of statements) await fresh.db.execute(sql.raw(statement));
      const rows = await fresh.db.select({ id: metrics.id, key: metrics.key, unit: metrics.unit, visibility: metrics.visibility }).from(metrics);
      expect(rows.find((row) => row.key === 'mood-1-10')).toMatchObject({ id: old!.id, unit: 'score', visibility: 'signed-in' });
      expect(rows.find((row) => row.key === 'mood')).toMatchObject({ unit: 'level 1–5', visibility: 'owner' });
      // Energy had no old metric here: nothing is made for it.
      expect(rows.some((row) => row.key.startsWith('energy'))).toBe(false);
      expect(await fresh.db.select({ value: metricPoints.value }).from(metricPoints)).toEqual([{ value: 7.5 }]);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
