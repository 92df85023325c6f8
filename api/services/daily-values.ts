import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { countedDays } from './metric-days.ts';

/** One metric's value on one day, as its aggregation reads a day (the sum, the average, the last value, the count). */
export interface DailyValue {
  metricId: number;
  key: string;
  name: string;
  unit: string;
  aggregation: string;
  day: string;
  value: number;
}

/** The counted days (./metric-days.ts: one device source a day) of the rollups from `from` through `through`. */
const countedDaysBetween = (from: string, through: string, metricId?: number) =>
  countedDays(sql`select metric_id, day, source, points, total, last_value, last_at from metric_daily_rollups
    where day >= ${from} and day <= ${through}${metricId === undefined ? sql`` : sql` and metric_id = ${metricId}`}`);

/** A counted day's value as its metric `m`'s aggregation reads a day. */
const dayValue = sql`(case m.aggregation when 'average' then c.total / c.points when 'last' then c.last_value when 'count' then c.points else c.total end)::float8`;

/**
 * Every metric's (or one metric's) value per day from `from` through `through`, from the daily rollups with one
 * device source a day (./metric-days.ts): insights and streaks read days, never raw points.
 */
export async function dailyValues(db: Db, from: string, through: string, metricId?: number): Promise<DailyValue[]> {
  const { rows: days } = await db.execute<{ metric_id: number; key: string; name: string; unit: string; aggregation: string; day: string; value: number }>(sql`
    select c.metric_id, m.key, m.name, m.unit, m.aggregation, c.day::text as day, ${dayValue} as value
    from (${countedDaysBetween(from, through, metricId)}) c join metrics m on m.id = c.metric_id
    order by m.key, c.day`);
  return days.map((row) => ({ metricId: row.metric_id, key: row.key, name: row.name, unit: row.unit, aggregation: row.aggregation, day: row.day, value: Number(row.value) }));
}

/**
 * One metric's value per day from `from` through `through`, by day: only the day and its value cross from the
 * database (on the embedded one, every column of every row is parsed in JavaScript; a year is 365 rows).
 */
export async function metricDayValues(db: Db, metricId: number, from: string, through: string): Promise<Map<string, number>> {
  const { rows: days } = await db.execute<{ day: string; value: number }>(sql`
    select c.day::text as day, ${dayValue} as value
    from (${countedDaysBetween(from, through, metricId)}) c join metrics m on m.id = c.metric_id`);
  return new Map(days.map((row) => [row.day, Number(row.value)]));
}

/** One metric's values over the 365 days ending `today` (the year grid's days). */
export function yearOfValues(db: Db, metricId: number, today: string): Promise<Map<string, number>> {
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  return metricDayValues(db, metricId, from, today);
}
