/**
 * The owner's diary (issue 30): entries written in the editor and the notes of daily check-ins (an entry
 * with `checkinDay`, kept in step with its check-in), Quick Stats and the Mood Tracker computed from them,
 * and full-text search with the matching phrase marked (the same PostgreSQL search as the projects',
 * `simple` configuration named in every call).
 */
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MOOD_WORD_LEVELS } from '#domain/vocabulary.ts';
import type { diaryEntryCreate, diaryEntryUpdate } from '#domain/shapes.ts';
import type { Db } from '../db/client.ts';
import { checkins, diaryEntries } from '../db/schema.ts';
import { saveCheckin } from './checkins.ts';
import { addDays } from './owner-time.ts';
import { prefixQuery, snippetParts, type SnippetPart } from './project-search.ts';

export type DiaryEntry = typeof diaryEntries.$inferSelect;

export function listEntries(db: Db, limit = 200) {
  return db.select().from(diaryEntries).orderBy(desc(diaryEntries.day), desc(diaryEntries.id)).limit(limit);
}

export async function findEntry(db: Db, id: number): Promise<DiaryEntry | null> {
  const [row] = await db.select().from(diaryEntries).where(eq(diaryEntries.id, id));
  return row ?? null;
}

export async function createEntry(db: Db, values: z.output<typeof diaryEntryCreate>): Promise<DiaryEntry> {
  const [row] = await db.insert(diaryEntries).values({ ...values, mood: values.mood ?? null }).returning();
  return row!;
}

/**
 * Changes an entry. A check-in's entry is that day's check-in seen from the diary: its text, mood and tags
 * are saved through the check-in (so the mood metric follows), and it stays on its day.
 */
export async function updateEntry(
  db: Db,
  entry: DiaryEntry,
  values: z.output<typeof diaryEntryUpdate>,
  zone: string,
): Promise<DiaryEntry | null> {
  const { content, mood, tags, ...rest } = values;
  if (entry.checkinDay) {
    const changes = { ...(content !== undefined && { note: content }), ...(mood !== undefined && { mood }), ...(tags !== undefined && { tags }) };
    if (Object.keys(changes).length > 0) await saveCheckin(db, entry.checkinDay, changes, zone);
    if (changes.note === '') return null; // an emptied note takes its entry with it
    if (rest.title !== undefined) await db.update(diaryEntries).set({ title: rest.title }).where(eq(diaryEntries.id, entry.id));
    return findEntry(db, entry.id);
  }
  const set: Partial<DiaryEntry> = { ...rest, updatedAt: new Date() };
  if (content !== undefined) set.content = content;
  if (tags !== undefined) set.tags = tags;
  if (mood !== undefined) {
    set.mood = mood;
    // The word it was written with stays only while it still names the level.
    if (entry.moodWord && MOOD_WORD_LEVELS[entry.moodWord] !== mood) set.moodWord = null;
  }
  const [row] = await db.update(diaryEntries).set(set).where(eq(diaryEntries.id, entry.id)).returning();
  return row ?? null;
}

/** Deletes an entry; a check-in's entry goes by clearing the check-in's note (its mood and energy stay). */
export async function deleteEntry(db: Db, entry: DiaryEntry, zone: string): Promise<void> {
  if (entry.checkinDay) await saveCheckin(db, entry.checkinDay, { note: '' }, zone);
  else await db.delete(diaryEntries).where(eq(diaryEntries.id, entry.id));
}

export interface DiaryStats {
  entries: number;
  thisMonth: number;
  /** Days in a row with an entry, ending today (or yesterday, while today has none yet: the day is not over). */
  streak: number;
}

export async function diaryStats(db: Db, today: string): Promise<DiaryStats> {
  const [all] = await db.select({ n: count() }).from(diaryEntries);
  const [month] = await db
    .select({ n: count() })
    .from(diaryEntries)
    .where(and(gte(diaryEntries.day, `${today.slice(0, 7)}-01`), lte(diaryEntries.day, today)));
  const days = await db
    .selectDistinct({ day: diaryEntries.day })
    .from(diaryEntries)
    .where(and(gte(diaryEntries.day, addDays(today, -400)), lte(diaryEntries.day, today)))
    .orderBy(desc(diaryEntries.day));
  const written = new Set(days.map((row) => row.day));
  let day = written.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (written.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return { entries: Number(all?.n ?? 0), thisMonth: Number(month?.n ?? 0), streak };
}

export interface MoodDay {
  day: string;
  /** The check-in's mood, else the rounded average of the day's entries; null when none says. */
  level: number | null;
}

/** The Mood Tracker: the seven days ending today. */
export async function moodWeek(db: Db, today: string): Promise<MoodDay[]> {
  const from = addDays(today, -6);
  const [checked, written] = await Promise.all([
    db.select({ day: checkins.day, mood: checkins.mood }).from(checkins).where(and(gte(checkins.day, from), lte(checkins.day, today))),
    db
      .select({ day: diaryEntries.day, mood: sql<number | null>`round(avg(${diaryEntries.mood}))` })
      .from(diaryEntries)
      .where(and(gte(diaryEntries.day, from), lte(diaryEntries.day, today)))
      .groupBy(diaryEntries.day),
  ]);
  const byCheckin = new Map(checked.map((row) => [row.day, row.mood]));
  const byEntries = new Map(written.map((row) => [row.day, row.mood === null ? null : Number(row.mood)]));
  return Array.from({ length: 7 }, (_, index) => {
    const day = addDays(from, index);
    return { day, level: byCheckin.get(day) ?? byEntries.get(day) ?? null };
  });
}

export interface DiaryHit {
  entry: DiaryEntry;
  /** The matching phrase of the title, text and tags, found words marked. */
  snippet: SnippetPart[] | null;
}

const HEADLINE = `StartSel=\uE000, StopSel=\uE001, MaxWords=24, MinWords=8, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** Entries whose title, text or tags match, most relevant first (web-search syntax plus a prefix per word). */
export async function searchEntries(db: Db, query: string): Promise<DiaryHit[]> {
  const prefix = prefixQuery(query);
  if (!prefix) return [];
  const tags = sql`array_to_string(${diaryEntries.tags}, ' ')`;
  const vector = sql`setweight(to_tsvector('simple'::regconfig, ${diaryEntries.title}), 'A')
    || setweight(to_tsvector('simple'::regconfig, ${tags}), 'B')
    || setweight(to_tsvector('simple'::regconfig, ${diaryEntries.content}), 'C')`;
  const shown = sql`concat_ws(' — ', ${diaryEntries.title}, nullif(${diaryEntries.content}, ''), nullif(${tags}, ''))`;
  const { rows } = await db.execute<{ id: number; headline: string }>(sql`
    with q as (
      select websearch_to_tsquery('simple'::regconfig, ${query}) || to_tsquery('simple'::regconfig, ${prefix}) as query
    )
    select ${diaryEntries.id} as id, ts_headline('simple'::regconfig, ${shown}, q.query, ${HEADLINE}) as headline
    from ${diaryEntries}, q
    where ${vector} @@ q.query
    order by ts_rank(${vector}, q.query) desc, ${diaryEntries.day} desc, ${diaryEntries.id} desc
    limit 50`);
  const entries = new Map<number, DiaryEntry>();
  if (rows.length > 0) {
    const found = await db
      .select()
      .from(diaryEntries)
      .where(sql`${diaryEntries.id} in (${sql.join(rows.map((row) => sql`${Number(row.id)}`), sql`, `)})`);
    for (const entry of found) entries.set(entry.id, entry);
  }
  return rows.flatMap((row) => {
    const entry = entries.get(Number(row.id));
    return entry ? [{ entry, snippet: snippetParts(row.headline) }] : [];
  });
}
