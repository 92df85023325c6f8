import { count, isNull } from 'drizzle-orm';
import { MOOD_WORD_LEVELS } from '#domain/vocabulary.ts';
import type { Db } from '../db/client.ts';
import { diaryEntries, seedMarks } from '../db/schema.ts';
import { addDays } from '../services/owner-time.ts';

/**
 * The diary's first content (issue 30): SPEC's sample entries and enough others that a fresh site shows
 * SPEC's Quick Stats from real rows: 47 entries, 12 this month, an 8-day streak ending today. Dated back from
 * the day it runs. Given once per site (a `seed_marks` row), so a diary emptied by its owner stays empty.
 */
export const DIARY_SEED_MARK = 'diary';
export const DIARY_SEED_FIGURES = { entries: 47, thisMonth: 12, streak: 8 } as const;

/** SPEC's samples (src/lib/samples/diary.ts has the same text, for the layout tests), newest first. */
const SPEC_SAMPLES = [
  {
    back: 0,
    title: 'The chart finally sang',
    content:
      'Got the sonified line chart working end to end today. Scrubbing with the arrow keys and hearing the trend rise felt like the first time the idea was real. Tomorrow: make the pitch range calmer.',
    mood: 'Excited',
    tags: ['accessibility', 'breakthrough'],
  },
  {
    back: 2,
    title: 'A quiet, slow day',
    content:
      'Low energy, so I did small things: tidied the design tokens, answered emails, walked by the river at lunch. Not every day has to be a sprint; the tidy tokens will pay off next week.',
    mood: 'Calm',
    tags: ['rest', 'maintenance'],
  },
  {
    back: 4,
    title: 'Feedback from the testers',
    content:
      'Three of the five testers found the new focus ring immediately; two wanted it thicker. Writing it down before I argue with it in my head: they are right, and thicker is easy.',
    mood: 'Thoughtful',
    tags: ['research', 'feedback'],
  },
  {
    back: 7,
    title: 'Overloaded, then better',
    content:
      'Too many tabs, too many notifications. Closed everything, wrote a single list of three things, and finished two of them. Writing this so future me remembers that the list works.',
    mood: 'Stressed',
    tags: ['focus', 'lessons'],
  },
];

/** The other entries cycle through these. */
const OTHERS = [
  ['Morning pages', 'Wrote before opening the laptop. The day felt less crowded for it.', 'Calm', ['writing', 'routine']],
  ['Pairing on the grid', 'Walked a friend through the dashboard grid; explaining it showed me two names to change.', 'Focused', ['collaboration']],
  ['Long walk, no podcast', 'Left the phone at home. Came back with the idea for the calmer colour scheme.', 'Happy', ['outdoors', 'ideas']],
  ['Slow start', 'Slept badly and the first hour was fog. Small tasks only, and that was fine.', 'Tired', ['slept-badly', 'rest']],
  ['Shipped the export', 'The archive export works on both databases. Celebrated with a proper lunch.', 'Excited', ['shipping']],
  ['Reading day', 'Read two papers on sonification and one on colour vision. Notes in the lab folder.', 'Thoughtful', ['research', 'reading']],
  ['Deadline week', 'Three things due at once. Wrote them on a card and did them in order.', 'Stressed', ['deadline', 'focus']],
  ['Sketching again', 'Forty minutes of generative sketches after dinner, just for the fun of it.', 'Happy', ['creative']],
] as const;

/** The days (newest first) the non-sample entries go on, so the figures come out as SPEC's. */
function plannedDays(today: string, total: number): string[] {
  const monthStart = `${today.slice(0, 7)}-01`;
  const sampleDays = new Set(SPEC_SAMPLES.map((sample) => addDays(today, -sample.back)));
  const days: string[] = [];
  // The streak: every one of the last eight days has an entry; the ninth day back has none.
  for (let back = 0; back < DIARY_SEED_FIGURES.streak; back++) {
    const day = addDays(today, -back);
    if (!sampleDays.has(day)) days.push(day);
  }
  const inMonth = () => [...sampleDays, ...days].filter((day) => day >= monthStart).length;
  // This month: more days of it before the streak, then second entries on the streak's days.
  for (let day = addDays(today, -9); day >= monthStart && inMonth() < DIARY_SEED_FIGURES.thisMonth; day = addDays(day, -1)) days.push(day);
  for (let back = 1; inMonth() < DIARY_SEED_FIGURES.thisMonth; back = (back + 1) % DIARY_SEED_FIGURES.streak) {
    const day = addDays(today, -back);
    if (day >= monthStart) days.push(day);
  }
  // The rest: every third day before this month and before the day that ends the streak.
  const earliest = [addDays(monthStart, -1), addDays(today, -9)].sort()[0]!;
  for (let day = earliest; days.length + sampleDays.size < total; day = addDays(day, -3)) days.push(day);
  return days;
}

/**
 * Writes the diary's first entries once: on a fresh site and on an existing one whose diary has only the
 * check-ins' notes. `total` counts the check-in entries already there, so the figures stay SPEC's.
 */
export async function seedDiaryOnce(db: Db, today: string): Promise<boolean> {
  const marked = await db.insert(seedMarks).values({ name: DIARY_SEED_MARK }).onConflictDoNothing().returning();
  if (marked.length === 0) return false;
  const [written] = await db.select({ n: count() }).from(diaryEntries).where(isNull(diaryEntries.checkinDay));
  if (Number(written?.n ?? 0) > 0) return false;
  const [fromCheckins] = await db.select({ n: count() }).from(diaryEntries);
  const total = DIARY_SEED_FIGURES.entries - Number(fromCheckins?.n ?? 0);
  const samples = SPEC_SAMPLES.map(({ back, mood, ...sample }) => ({
    ...sample,
    day: addDays(today, -back),
    mood: MOOD_WORD_LEVELS[mood] ?? null,
    moodWord: mood,
  }));
  const others = plannedDays(today, total).map((day, index) => {
    const [title, content, mood, tags] = OTHERS[index % OTHERS.length]!;
    return { day, title, content, mood: MOOD_WORD_LEVELS[mood] ?? null, moodWord: mood, tags: [...tags] };
  });
  // Older rows first, so ids rise with the dates as if written day by day.
  const rows = [...samples, ...others].sort((a, b) => a.day.localeCompare(b.day));
  await db.insert(diaryEntries).values(rows);
  return true;
}
