import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The daily rollups (metric_daily_rollups) are kept by triggers on metric_points; these rebuild them whole,
 * from the points, where no trigger can: after a restore, and when the owner's time zone moves every day's
 * boundaries (docs/decisions/014-daily-rollups.md).
 */

/** Rebuilds every rollup with days in `zone`, and stores the zone for the triggers. */
export async function rebuildRollups(db: Db, zone: string): Promise<void> {
  await db.execute(sql`select metric_rollups_rebuild(${zone})`);
}

/** The zone the rollups were built in (null before any). */
export async function rollupZone(db: Db): Promise<string | null> {
  const result = await db.execute<{ time_zone: string }>(sql`select time_zone from metric_rollup_zone where id = 1`);
  const rows = (result as { rows?: { time_zone: string }[] }).rows ?? (result as unknown as { time_zone: string }[]);
  return rows[0]?.time_zone ?? null;
}

/**
 * Rebuilds the rollups when they were built in another zone than `zone` (OWNER_TIME_ZONE changed); run at
 * start under the migration lock, before serving. Answers how long the rebuild took, or null when none was due.
 */
export async function rollupsInZone(db: Db, zone: string): Promise<number | null> {
  if ((await rollupZone(db)) === zone) return null;
  const started = performance.now();
  await db.transaction((tx) => rebuildRollups(tx as unknown as Db, zone));
  return Math.round(performance.now() - started);
}
