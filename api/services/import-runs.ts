import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * At start, before serving: a run still `running` was cut short when the process that ran it stopped; one still
 * `undoing` was too, and waits for the owner's next undo (docs/apple-health.md says why it is not carried on).
 */
export async function markInterruptedRuns(db: Db): Promise<number> {
  const imports = await db
    .update(importRuns)
    .set({ status: 'partial', error: 'The server stopped during the import.', finishedAt: new Date() })
    .where(eq(importRuns.status, 'running'))
    .returning({ id: importRuns.id });
  const undos = await db
    .update(importRuns)
    .set({ status: 'undo-stopped', error: 'The server stopped during the undo: undo again to remove the rest.', finishedAt: new Date() })
    .where(eq(importRuns.status, 'undoing'))
    .returning({ id: importRuns.id });
  return imports.length + undos.length;
}

/** Runs an undo may start on: not running, not being undone, not undone. */
const UNDOABLE = ['done', 'partial', 'failed', 'undo-stopped'] as const;

/**
 * Marks the run `undoing` if it may be undone, in one statement, so two undos (two tabs, two servers) never both
 * start; null when it may not. What it removed before a stop stays counted.
 */
export async function beginUndo(db: Db, id: number): Promise<ImportRun | null> {
  const [run] = await db
    .update(importRuns)
    .set({ status: 'undoing', error: null, finishedAt: null })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, [...UNDOABLE])))
    .returning();
  return run ?? null;
}

/**
 * Removes up to `limit` of the points the run inserted and counts them on the run, in one transaction, so the
 * run says what the database holds; answers how many went. `undoing` again if a server's start marked it
 * stopped meanwhile (several servers on one PostgreSQL): it is not.
 */
export async function undoChunk(db: Db, id: number, limit = UNDO_CHUNK): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = tx.select({ id: metricPoints.id }).from(metricPoints).where(eq(metricPoints.importRunId, id)).limit(limit);
    const deleted = await tx.delete(metricPoints).where(inArray(metricPoints.id, ids)).returning({ id: metricPoints.id });
    await tx
      .update(importRuns)
      .set({ status: 'undoing', pointsRemoved: sql`${importRuns.pointsRemoved} + ${deleted.length}` })
      .where(eq(importRuns.id, id));
    return deleted.length;
  });
}

/** The undo ended: undone, or stopped by an error (the rest left for the next undo). */
export async function finishUndo(db: Db, id: number, outcome: { error?: string } = {}): Promise<ImportRun> {
  const set = outcome.error === undefined ? { status: 'undone' as const, error: null } : { status: 'undo-stopped' as const, error: outcome.error.slice(0, 500) };
  const [run] = await db
    .update(importRuns)
    .set({ ...set, finishedAt: new Date() })
    .where(eq(importRuns.id, id))
    .returning();
  return run!;
}

/**
 * Removes the points the run inserted, a chunk per transaction (`afterChunk` between them: the background undo
 * lets others through there), then marks it undone; `pointsWritten` stays as what it had added. Points it only
 * updated keep their values: they were there before it. Answers how many this call removed.
 */
export async function undoImportRun(db: Db, id: number, afterChunk?: (chunks: number) => Promise<void>): Promise<number> {
  let removed = 0;
  for (let chunks = 1; ; chunks++) {
    const deleted = await undoChunk(db, id);
    removed += deleted;
    metricAggregatesChanged();
    if (deleted < UNDO_CHUNK) break;
    await afterChunk?.(chunks);
  }
  await finishUndo(db, id);
  return removed;
}
