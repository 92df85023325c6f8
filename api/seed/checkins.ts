import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { checkins, diaryEntries, metricPoints } from '../db/schema.ts';
import { checkinInstant, CHECKIN_ENTRY_TITLE, yearBefore } from '../services/checkins.ts';
import { addDays } from '../services/owner-time.ts';
import { generateSeries, randomStream } from './metric-series.ts';
import { seedMetrics } from './metrics.ts';

/**
 * Two years of daily check-ins for the demo (issue 30), from the `mood` and `energy` series of ./metrics.ts
 * held to 1–5, with tags that go with the days (outdoors on more weekends, and a better mood with it; a
 * badly slept night takes a level of energy), and one note a year ago today, for "On this day". The points
 * of `mood` and `energy` are written from these check-ins, as the check-in itself writes them.
 *
 * The draws are taken by position from the first day, so each day the seed runs lays them on other weekdays:
 * the outdoors effect is strong enough (a level up, Good at least; a weekend indoors a level down) that its
 * insight stays among the five cards whichever weekday that is.
 */
export const ON_THIS_DAY_NOTE = 'First swim of the year in the lake. Cold, bright, and I could not stop smiling.';
export const CHECKIN_SERIES = new Set(['mood', 'energy']);

const clamp = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

export async function seedCheckins(db: Db, ids: Map<string, number>, today: string, zone: string): Promise<void> {
  const series = (key: string) =>
    new Map(generateSeries(seedMetrics.find((metric) => metric.key === key)!.series, today).map((point) => [point.day, point.value]));
  const mood = series('mood');
  const energy = series('energy');
  const random = randomStream(30);
  const lastYear = yearBefore(today);
  const rows: Array<{ day: string; mood: number | null; energy: number | null; note: string; tags: string[] }> = [];
  for (let day = addDays(today, -729); day <= today; day = addDays(day, 1)) {
    const [outdoors, slept, deadline] = [random(), random(), random()];
    if (!mood.has(day) && !energy.has(day) && day !== lastYear) continue;
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    const tags: string[] = [];
    if (outdoors < (weekend ? 0.6 : 0.15)) tags.push('outdoors');
    if (slept < 0.12) tags.push('slept-badly');
    if (!weekend && deadline < 0.1) tags.push('deadline');
    // Last year's swim is a day outdoors, its mood as well as its tags.
    if (day === lastYear) tags.splice(0, tags.length, 'outdoors', 'swimming');
    const m = mood.get(day) ?? 4;
    const e = energy.get(day) ?? 3;
    rows.push({
      day,
      mood: clamp(tags.includes('outdoors') ? Math.max(m + 1, 4) : weekend ? m - 1 : m),
      energy: clamp(tags.includes('slept-badly') ? e - 1 : e),
      note: day === lastYear ? ON_THIS_DAY_NOTE : '',
      tags,
    });
  }
  await db.execute(
    sql`insert into ${checkins} (day, mood, energy, note, tags) select day, mood, energy, note, tags from json_to_recordset(${JSON.stringify(rows)}::json) as c(day text, mood int, energy int, note text, tags text[])`,
  );
  const points = rows.flatMap((row) => {
    const at = checkinInstant(row.day, zone).toISOString();
    return [
      ...(row.mood === null ? [] : [{ metric_id: ids.get('mood')!, at, value: row.mood, note: 'check-in' }]),
      ...(row.energy === null ? [] : [{ metric_id: ids.get('energy')!, at, value: row.energy, note: 'check-in' }]),
    ];
  });
  await db.execute(
    sql`insert into ${metricPoints} (metric_id, at, value, note) select metric_id, at, value, note from json_to_recordset(${JSON.stringify(points)}::json) as p(metric_id int, at timestamptz, value float8, note text)`,
  );
  const noted = rows.find((row) => row.note)!;
  await db.insert(diaryEntries).values({
    day: noted.day,
    title: CHECKIN_ENTRY_TITLE,
    content: noted.note,
    mood: noted.mood,
    tags: noted.tags,
    checkinDay: noted.day,
  });
}
