/**
 * The owner's daily check-in (issue 30): mood and energy 1–5, a note and tags, one row a day in the owner's
 * zone. Saving writes, in one transaction, the check-in, that day's points of the `mood` and `energy`
 * metrics (noon, owner's zone, so an edit the same day updates the same point) and the day's diary entry
 * (while the note is not empty). Two saves of one day at once are one row: the check-in's upsert locks it,
 * so the second waits for the first and merges into what it wrote.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CHECKIN, CHECKIN_METRICS, ENERGY_LEVEL_NAMES, MOOD_LEVEL_NAMES, type Level } from '#domain/vocabulary.ts';
import type { checkinSave } from '#domain/shapes.ts';
import type { Db } from '../db/client.ts';
import { checkins, diaryEntries, metricPoints, metrics } from '../db/schema.ts';
import { metricAggregatesChanged } from './metric-aggregate-cache.ts';
import { upsertPoints } from './metrics.ts';
import { addDays, zonedToUtc } from './owner-time.ts';

export type Checkin = typeof checkins.$inferSelect;
export type CheckinChanges = z.output<typeof checkinSave>;

/** The title of the diary entry a check-in's note writes. */
export const CHECKIN_ENTRY_TITLE = 'Check-in';

/** The metrics a check-in writes, made on first use with the scale's unit; owner-only, as a feeling is. */
const METRIC_DEFAULTS = {
  mood: { key: CHECKIN_METRICS.mood, name: 'Mood', unit: 'level 1–5', icon: 'Heart', color: '#facc15' },
  energy: { key: CHECKIN_METRICS.energy, name: 'Energy', unit: 'level 1–5', icon: 'Zap', color: '#34d399' },
} as const;

/** The instant of a check-in's points: noon of its day in the owner's zone. */
export const checkinInstant = (day: string, zone: string) => zonedToUtc(`${day}T12:00:00`, zone);

export async function findCheckin(db: Db, day: string): Promise<Checkin | null> {
  const [row] = await db.select().from(checkins).where(eq(checkins.day, day));
  return row ?? null;
}

async function metricIdFor(db: Db, which: keyof typeof METRIC_DEFAULTS): Promise<number> {
  const defaults = METRIC_DEFAULTS[which];
  await db
    .insert(metrics)
    .values({ ...defaults, aggregation: 'average', visibility: 'owner' })
    .onConflictDoNothing({ target: metrics.key });
  const [row] = await db.select({ id: metrics.id }).from(metrics).where(eq(metrics.key, defaults.key));
  return row!.id;
}

/** Writes (or clears, for null) the day's point of `mood` or `energy`. */
async function writeLevel(db: Db, which: keyof typeof METRIC_DEFAULTS, day: string, value: number | null, zone: string) {
  const metricId = await metricIdFor(db, which);
  const at = checkinInstant(day, zone);
  if (value === null) {
    await db.delete(metricPoints).where(and(eq(metricPoints.metricId, metricId), eq(metricPoints.at, at)));
    metricAggregatesChanged();
  } else {
    await upsertPoints(db, metricId, [{ at, value, note: 'check-in' }]);
  }
}

/** Merges `changes` into the day's check-in (creating it) and writes its points and diary entry. */
export async function saveCheckin(db: Db, day: string, changes: CheckinChanges, zone: string): Promise<Checkin> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const set: Record<string, unknown> = { updatedAt: sql`now()` };
    if (changes.mood !== undefined) set.mood = sql`excluded.mood`;
    if (changes.energy !== undefined) set.energy = sql`excluded.energy`;
    if (changes.note !== undefined) set.note = sql`excluded.note`;
    if (changes.tags !== undefined) set.tags = sql`excluded.tags`;
    const [row] = await t
      .insert(checkins)
      .values({ day, mood: changes.mood ?? null, energy: changes.energy ?? null, note: changes.note ?? '', tags: changes.tags ?? [] })
      .onConflictDoUpdate({ target: checkins.day, set })
      .returning();
    const saved = row!;
    if (changes.mood !== undefined) await writeLevel(t, 'mood', day, changes.mood, zone);
    if (changes.energy !== undefined) await writeLevel(t, 'energy', day, changes.energy, zone);
    await writeJournalEntry(t, saved);
    return saved;
  });
}

/** The day's diary entry mirrors the check-in while it has a note; without one there is no entry. */
async function writeJournalEntry(db: Db, checkin: Checkin): Promise<void> {
  if (!checkin.note) {
    await db.delete(diaryEntries).where(eq(diaryEntries.checkinDay, checkin.day));
    return;
  }
  await db
    .insert(diaryEntries)
    .values({ day: checkin.day, title: CHECKIN_ENTRY_TITLE, content: checkin.note, mood: checkin.mood, tags: checkin.tags, checkinDay: checkin.day })
    .onConflictDoUpdate({
      target: diaryEntries.checkinDay,
      set: { content: checkin.note, mood: checkin.mood, moodWord: null, tags: checkin.tags, updatedAt: sql`now()` },
    });
}

/** Tags of the last 90 days' check-ins and entries, most used first: the ones offered to pick. */
export async function recentTags(db: Db, today: string, limit: number = CHECKIN.recentTags): Promise<string[]> {
  const since = addDays(today, -90);
  const { rows } = await db.execute<{ tag: string }>(sql`
    select tag from (
      select unnest(${checkins.tags}) as tag, ${checkins.day} as day from ${checkins} where ${checkins.day} >= ${since}
      union all
      select unnest(${diaryEntries.tags}), ${diaryEntries.day} from ${diaryEntries} where ${diaryEntries.day} >= ${since}
    ) t group by tag order by count(*) desc, max(day) desc, tag limit ${limit}`);
  return rows.map((row) => row.tag);
}

/** The same calendar day a year before (29 February looks back to the 28th). */
export function yearBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${year - 1}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** "On this day": last year's check-in, when there is one. */
export function onThisDay(db: Db, today: string): Promise<Checkin | null> {
  return findCheckin(db, yearBefore(today));
}

/** The latest check-ins, newest first (the diary's Mood Tracker reads them). */
export function checkinsSince(db: Db, day: string) {
  return db.select().from(checkins).where(gte(checkins.day, day)).orderBy(desc(checkins.day));
}

export const moodName = (level: number | null | undefined) => (level ? (MOOD_LEVEL_NAMES[level as Level] ?? null) : null);
export const energyName = (level: number | null | undefined) => (level ? (ENERGY_LEVEL_NAMES[level as Level] ?? null) : null);
