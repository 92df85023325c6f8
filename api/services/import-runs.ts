import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { importRuns, metricPoints } from '../db/schema.ts';
import { metricAggregatesChanged } from './metric-aggregate-cache.ts';

/*
 * Import runs (import_runs): each import of a file of points keeps a row whose progress is committed with each
 * chunk of points, in the chunk's own transaction, so the row always says what the database holds. The points a
 * run inserts carry its id (metric_points.import_run_id, set on insert only), so an undo removes exactly them;
 * the rollup triggers on metric_points follow the delete like any other.
 */

export type ImportRun = typeof importRuns.$inferSelect;
export type ImportRunStatus = ImportRun['status'];
export type ImportOptions = ImportRun['options'];

/** Runs the page lists. */
export const RECENT_RUNS = 10;
/** Points an undo deletes per transaction: the site answers others between them. */
export const UNDO_CHUNK = 5_000;

export async function createImportRun(db: Db, values: { fileName: string; recordsTotal: number | null; options: ImportOptions }): Promise<ImportRun> {
  const [run] = await db
    .insert(importRuns)
    .values({ kind: 'apple-health', fileName: values.fileName.slice(0, 200), recordsTotal: values.recordsTotal, options: values.options })
    .returning();
  return run!;
}

export async function findImportRun(db: Db, id: number): Promise<ImportRun | null> {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return run ?? null;
}

export const recentImportRuns = (db: Db, limit = RECENT_RUNS) => db.select().from(importRuns).orderBy(desc(importRuns.id)).limit(limit);

/** A run starting again (a resume): running, its last error cleared. */
export async function resumeImportRun(db: Db, id: number, recordsTotal: number | null): Promise<ImportRun> {
  const [run] = await db
    .update(importRuns)
    .set({ status: 'running', error: null, finishedAt: null, recordsTotal, recordsDone: 0 })
    .where(eq(importRuns.id, id))
    .returning();
  return run!;
}

/**
 * A chunk committed: called inside the chunk's transaction. `recordsDone` is the attempt's own count (a resume
 * reads the file from its start again); the points add up across attempts. Running again if another server's
 * start marked it partial meanwhile (several servers on one PostgreSQL): it is not interrupted.
 */
export async function importChunkCommitted(db: Db, id: number, chunk: { recordsDone: number; inserted: number }): Promise<void> {
  await db
    .update(importRuns)
    .set({ status: 'running', recordsDone: chunk.recordsDone, pointsWritten: sql`${importRuns.pointsWritten} + ${chunk.inserted}` })
    .where(eq(importRuns.id, id));
}

/** The run ended: done, or stopped by an error (partial once a chunk is in; failed when nothing was). */
export async function finishImportRun(db: Db, id: number, outcome: { recordsDone: number } | { error: string }): Promise<ImportRun> {
  const finishedAt = new Date();
  const set =
    'error' in outcome
      ? { status: sql`case when ${importRuns.pointsWritten} > 0 or ${importRuns.recordsDone} > 0 then 'partial' else 'failed' end`, error: outcome.error.slice(0, 500), finishedAt }
      : { status: 'done' as const, recordsDone: outcome.recordsDone, error: null, finishedAt };
  const [run] = await db.update(importRuns).set(set).where(eq(importRuns.id, id)).returning();
  return run!;
}

/** At start, before serving: a run still `running` was cut short when the process that ran it stopped. */
export async function markInterruptedRuns(db: Db): Promise<number> {
  const runs = await db
    .update(importRuns)
    .set({ status: 'partial', error: 'The server stopped during the import.', finishedAt: new Date() })
    .where(eq(importRuns.status, 'running'))
    .returning({ id: importRuns.id });
  return runs.length;
}

/**
 * Removes the points the run inserted, a chunk per statement (the site answers others between them; a stop
 * halfway leaves the rest for the next undo), then marks it undone; `pointsWritten` stays as what it had added.
 * Points it only updated keep their values: they were there before it.
 */
export async function undoImportRun(db: Db, id: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = db.select({ id: metricPoints.id }).from(metricPoints).where(eq(metricPoints.importRunId, id)).limit(UNDO_CHUNK);
    const deleted = await db.delete(metricPoints).where(inArray(metricPoints.id, ids)).returning({ id: metricPoints.id });
    removed += deleted.length;
    if (deleted.length < UNDO_CHUNK) break;
  }
  metricAggregatesChanged();
  await db.update(importRuns).set({ status: 'undone', finishedAt: new Date() }).where(eq(importRuns.id, id));
  return removed;
}
