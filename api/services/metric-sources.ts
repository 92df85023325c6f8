import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { PERSON_SOURCE, rankedRows } from './metric-days.ts';

/** One source's share of a day: what it reported and whether the one-source rule let it count. */
export interface DaySource {
  source: string;
  points: number;
  total: number;
  /** A person's entries always count; of the device sources, one per day. */
  counted: boolean;
}

export interface SourceDay {
  /** yyyy-mm-dd in the owner's zone. */
  day: string;
  sources: DaySource[];
}

type Row = { day: string; source: string; points: number | string; total: number | string; rank: number | string | null };

/** The latest `days` days with points of a metric, newest first, each with its sources (the counted ones first). */
export async function recentSourceDays(db: Db, metricId: number, days = 14): Promise<SourceDay[]> {
  const result = await db.execute<Row>(sql`
    select to_char(c.day, 'YYYY-MM-DD') as day, c.source, c.points, c.total, c.rank
    from (${rankedRows(sql`
      select metric_id, day, source, points, total, last_value, last_at from metric_daily_rollups
      where metric_id = ${metricId}
        and day >= (select min(d.day) from (
          select distinct day from metric_daily_rollups where metric_id = ${metricId} order by day desc limit ${days}) d)`)}) c
    order by c.day desc, (c.rank is null or c.rank = 1) desc, c.source = ${PERSON_SOURCE} desc, c.points desc, c.source`);
  const byDay = new Map<string, DaySource[]>();
  for (const row of rowsOf<Row>(result)) {
    const list = byDay.get(row.day) ?? [];
    list.push({
      source: row.source,
      points: Number(row.points),
      total: Number(row.total),
      counted: row.rank === null || Number(row.rank) === 1,
    });
    byDay.set(row.day, list);
  }
  return [...byDay].map(([day, sources]) => ({ day, sources }));
}

/** The device sources that ever wrote to a metric (what the owner may put in order), most points first. */
export async function deviceSources(db: Db, metricId: number): Promise<Array<{ source: string; points: number }>> {
  const result = await db.execute<{ source: string; points: number | string }>(sql`
    select source, sum(points) as points from metric_daily_rollups
    where metric_id = ${metricId} and source <> ${PERSON_SOURCE}
    group by source order by 2 desc, 1 limit 100`);
  return rowsOf<{ source: string; points: number | string }>(result).map((row) => ({ source: row.source, points: Number(row.points) }));
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
