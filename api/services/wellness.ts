/**
 * Mind & Body's figures from the metrics (issue 30, item 3): today's value of each wellness metric by its
 * own aggregation, over today in the owner's zone. Reads raw points for now; once daily rollups serve every
 * aggregate (the rollups issue), this reads the day's rollup instead.
 */
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { metricPoints, metrics } from '../db/schema.ts';
import { addDays, zonedToUtc } from './owner-time.ts';

export interface TodayValue {
  key: string;
  name: string;
  unit: string;
  value: number;
}

export async function todayValues(db: Db, keys: readonly string[], today: string, zone: string): Promise<Map<string, TodayValue>> {
  const from = zonedToUtc(`${today}T00:00:00`, zone);
  const to = zonedToUtc(`${addDays(today, 1)}T00:00:00`, zone);
  const rows = await db
    .select({
      key: metrics.key,
      name: metrics.name,
      unit: metrics.unit,
      value: sql<number>`case ${metrics.aggregation}
        when 'sum' then sum(${metricPoints.value})
        when 'average' then avg(${metricPoints.value})
        when 'count' then count(*)
        else (array_agg(${metricPoints.value} order by ${metricPoints.at} desc))[1] end`,
    })
    .from(metricPoints)
    .innerJoin(metrics, sql`${metrics.id} = ${metricPoints.metricId}`)
    .where(and(inArray(metrics.key, [...keys]), gte(metricPoints.at, from), lt(metricPoints.at, to)))
    .groupBy(metrics.key, metrics.name, metrics.unit, metrics.aggregation);
  return new Map(rows.map((row) => [row.key, { ...row, value: Number(row.value) }]));
}
