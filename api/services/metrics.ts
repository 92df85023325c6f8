import { and, asc, desc, eq, gte, lt, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { metricCreate, metricUpdate } from '#domain/shapes.ts';
import type { Db } from '../db/client.ts';
import { metricDailyRollups, metricPoints, metrics } from '../db/schema.ts';
import { metricAggregatesChanged } from './metric-aggregate-cache.ts';
import { PERSON_SOURCE } from './metric-days.ts';

export type Metric = typeof metrics.$inferSelect;

/** A point as the product shows it: which import run inserted it is the import's business (import-runs.ts). */
const pointColumns = {
  id: metricPoints.id,
  metricId: metricPoints.metricId,
  at: metricPoints.at,
  value: metricPoints.value,
  note: metricPoints.note,
  source: metricPoints.source,
};
export type MetricPoint = Omit<typeof metricPoints.$inferSelect, 'importRunId'>;

export function listMetrics(db: Db) {
  return db.select().from(metrics).orderBy(asc(metrics.name), asc(metrics.id));
}

export async function findMetric(db: Db, key: string): Promise<Metric | null> {
  const [row] = await db.select().from(metrics).where(eq(metrics.key, key));
  return row ?? null;
}

/**
 * Each metric with how many points it has (the delete confirmation says how many go with it) and when
 * its latest point is dated (the admin list shows it): from the daily rollups, a row per day and source,
 * never by counting millions of points.
 */
export async function listMetricsWithCounts(db: Db) {
  const counts = await db
    .select({
      metricId: metricDailyRollups.metricId,
      points: sql<string>`sum(${metricDailyRollups.points})`,
      lastAt: max(metricDailyRollups.lastAt),
    })
    .from(metricDailyRollups)
    .groupBy(metricDailyRollups.metricId);
  const byId = new Map(counts.map((row) => [row.metricId, row]));
  return (await listMetrics(db)).map((metric) => {
    const row = byId.get(metric.id);
    return { ...metric, points: Number(row?.points ?? 0), lastAt: row?.lastAt ? new Date(row.lastAt) : null };
  });
}

/** How many points a metric has, from its daily rollups. */
export async function pointCount(db: Db, metricId: number): Promise<number> {
  const [row] = await db
    .select({ points: sql<string | null>`sum(${metricDailyRollups.points})` })
    .from(metricDailyRollups)
    .where(eq(metricDailyRollups.metricId, metricId));
  return Number(row?.points ?? 0);
}

export async function createMetric(db: Db, values: z.output<typeof metricCreate>): Promise<Metric> {
  const [row] = await db.insert(metrics).values(values).returning();
  return row!;
}

export async function updateMetric(db: Db, key: string, values: z.output<typeof metricUpdate>): Promise<Metric | null> {
  const { key: _key, ...changes } = values;
  if (Object.keys(changes).length === 0) return findMetric(db, key);
  const [row] = await db
    .update(metrics)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(metrics.key, key))
    .returning();
  metricAggregatesChanged(); // the aggregation may have changed
  return row ?? null;
}

/** Deletes the metric and its points; returns how many points went with it, or null when there was no such metric. */
export async function deleteMetric(db: Db, key: string): Promise<number | null> {
  const metric = await findMetric(db, key);
  if (!metric) return null;
  const points = await pointCount(db, metric.id);
  await db.delete(metrics).where(eq(metrics.id, metric.id));
  metricAggregatesChanged();
  return points;
}

/** A point the service will write: the instant is settled, the value checked. */
export interface PointRow {
  at: Date;
  value: number;
  note?: string | null | undefined;
  /** Who wrote it; 'manual' (a person) when absent. */
  source?: string | undefined;
}

/**
 * Writes points in one statement, all or nothing. The same metric + instant + source updates the point
 * (a retried request is harmless); within one batch the last of two equal ones wins. `importRunId` marks the
 * points this statement inserts, never those it updates (api/services/import-runs.ts).
 */
export async function upsertPoints(
  db: Db,
  metricId: number,
  rows: PointRow[],
  options: { importRunId?: number } = {},
): Promise<{ inserted: number; updated: number }> {
  const unique = new Map<string, PointRow>();
  for (const row of rows) unique.set(`${row.at.getTime()} ${row.source ?? PERSON_SOURCE}`, row);
  const values = [...unique.values()].map((row) => ({
    metricId,
    at: row.at,
    value: row.value,
    note: row.note ?? null,
    source: row.source ?? PERSON_SOURCE,
    importRunId: options.importRunId ?? null,
  }));
  if (values.length === 0) return { inserted: 0, updated: 0 };
  const written = await db
    .insert(metricPoints)
    .values(values)
    .onConflictDoUpdate({
      target: [metricPoints.metricId, metricPoints.at, metricPoints.source],
      // A point resent without a note keeps the note it had; it keeps the run that inserted it too (not set here).
      set: { value: sql`excluded.value`, note: sql`coalesce(excluded.note, ${metricPoints.note})` },
    })
    // xmax is 0 for a freshly inserted row, non-zero for one the conflict clause updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  metricAggregatesChanged();
  const inserted = written.filter((row) => row.inserted === true || (row.inserted as unknown) === 't').length;
  return { inserted, updated: written.length - inserted };
}

/** Below this offset a page skips the points themselves; beyond it, whole days are skipped by their rollups. */
const OFFSET_BY_POINTS = 5_000;

/**
 * A page of a metric's points, newest first, optionally between two instants. A deep page of every point
 * (page 2,000 of years of minute readings) does not walk past the points before it: the daily rollups say
 * on which day the page starts and how many of that day's points come first, and the index starts there.
 */
export async function listPoints(
  db: Db,
  metricId: number,
  options: { from?: Date; to?: Date; limit?: number; offset?: number } = {},
) {
  const conditions = [eq(metricPoints.metricId, metricId)];
  if (options.from) conditions.push(gte(metricPoints.at, options.from));
  if (options.to) conditions.push(lt(metricPoints.at, options.to));
  let offset = options.offset ?? 0;
  if (offset > OFFSET_BY_POINTS && !options.from && !options.to) {
    const start = await pageStart(db, metricId, offset);
    if (!start) return [];
    conditions.push(lt(metricPoints.at, start.before));
    offset = start.skip;
  }
  return db
    .select(pointColumns)
    .from(metricPoints)
    .where(and(...conditions))
    .orderBy(desc(metricPoints.at), asc(metricPoints.source))
    .limit(options.limit ?? 100)
    .offset(offset);
}

/** The end of the day (newest first) holding the point at `offset`, and how many of that day's points precede it. */
async function pageStart(db: Db, metricId: number, offset: number): Promise<{ before: Date; skip: number } | null> {
  type Row = { before: string | Date; skip: number | string };
  const result = await db.execute<Row>(sql`
    select (d.day + 1)::timestamp at time zone coalesce((select time_zone from metric_rollup_zone where id = 1), 'UTC') as before,
      ${offset} - (d.running - d.points) as skip
    from (
      select day, sum(points) as points,
        sum(sum(points)) over (order by day desc rows between unbounded preceding and current row) as running
      from ${metricDailyRollups} where metric_id = ${metricId} group by day
    ) d
    where d.running > ${offset}
    order by d.day desc limit 1`);
  const row = ((result as { rows?: Row[] }).rows ?? (result as unknown as Row[]))[0];
  return row ? { before: new Date(row.before), skip: Number(row.skip) } : null;
}

/** Another point of this metric and source at exactly this instant, if any (a moved point may not land on it). */
export async function pointAt(db: Db, metricId: number, at: Date, exceptId: number): Promise<boolean> {
  const sameSource = sql`${metricPoints.source} = coalesce((select p.source from ${metricPoints} p where p.id = ${exceptId}), ${PERSON_SOURCE})`;
  const rows = await db
    .select({ id: metricPoints.id })
    .from(metricPoints)
    .where(and(eq(metricPoints.metricId, metricId), eq(metricPoints.at, at), ne(metricPoints.id, exceptId), sameSource));
  return rows.length > 0;
}

export async function updatePoint(
  db: Db,
  metricId: number,
  id: number,
  values: { value?: number; note?: string | null; at?: Date },
) {
  if (Object.keys(values).length === 0) {
    const [row] = await db
      .select(pointColumns)
      .from(metricPoints)
      .where(and(eq(metricPoints.id, id), eq(metricPoints.metricId, metricId)));
    return row ?? null;
  }
  const [row] = await db
    .update(metricPoints)
    .set(values)
    .where(and(eq(metricPoints.id, id), eq(metricPoints.metricId, metricId)))
    .returning(pointColumns);
  metricAggregatesChanged();
  return row ?? null;
}

export async function deletePoint(db: Db, metricId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(metricPoints)
    .where(and(eq(metricPoints.id, id), eq(metricPoints.metricId, metricId)))
    .returning({ id: metricPoints.id });
  metricAggregatesChanged();
  return rows.length > 0;
}
