import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { freshDatabase } from '../export/test-databases.ts';
import { beginUndo, createImportRun, findImportRun, finishImportRun, importChunkCommitted, markInterruptedRuns, undoChunk, undoImportRun } from './import-runs.ts';
import { rebuildRollups } from './metric-rollups.ts';
import { createMetric, upsertPoints } from './metrics.ts';

/*
 * Import runs (api/services/import-runs.ts) on the database of this test pass (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a point carries the run that inserted it and no other, so an undo removes exactly what a
 * run added, and the daily rollups follow.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  drop = fresh.drop;
  await rebuildRollups(db, 'UTC');
}, 120_000);
afterAll(() => drop());

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
let metricCount = 0;
const newMetric = () => {
  metricCount++;
  return createMetric(db, { key: `run-test-${metricCount}`, name: `Run test ${metricCount}`, unit: '', icon: 'Zap', color: '#6fffe9', aggregation: 'sum', visibility: 'owner' });
};
const newRun = () => createImportRun(db, { fileName: 'export.zip', recordsTotal: 3, options: { skip: [], map: {} } });
const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour));

/** Each point of the metric: its hour, value and run. */
const points = async (metricId: number) =>
  rowsOf<{ hour: number; value: number; run: number | null }>(
    await db.execute(sql`select extract(hour from at at time zone 'UTC')::int as hour, value, import_run_id as run from metric_points where metric_id = ${metricId} order by at`),
  );
const dayTotal = async (metricId: number) =>
  rowsOf<{ total: number }>(await db.execute(sql`select coalesce(sum(total), 0)::float8 as total from metric_daily_rollups where metric_id = ${metricId}`))[0]!.total;

describe('the run that inserted a point', () => {
  it('is set on insert only: a point already there keeps its run (or none), changed or not', async () => {
    const metric = await newMetric();
    const [first, second] = [await newRun(), await newRun()];
    await upsertPoints(db, metric.id, [{ at: at(8), value: 10, source: 'manual' }]);
    await upsertPoints(db, metric.id, [{ at: at(9), value: 20, source: 'iPhone' }], { importRunId: first.id });
    const written = await upsertPoints(
      db,
      metric.id,
      [
        { at: at(8), value: 10, source: 'manual' },
        { at: at(9), value: 20, source: 'iPhone' },
        { at: at(10), value: 30, source: 'iPhone' },
        { at: at(11), value: 44, source: 'iPhone' },
      ],
      { importRunId: second.id },
    );
    expect(written).toEqual({ inserted: 2, updated: 2 });
    // Sent again by a third run, with one value changed: the runs stay.
    await upsertPoints(db, metric.id, [{ at: at(10), value: 31, source: 'iPhone' }], { importRunId: (await newRun()).id });
    expect(await points(metric.id)).toEqual([
      { hour: 8, value: 10, run: null },
      { hour: 9, value: 20, run: first.id },
      { hour: 10, value: 31, run: second.id },
      { hour: 11, value: 44, run: second.id },
    ]);
  });
});

describe('undoing a run', () => {
  it('removes only the points it inserted, and the daily rollups drop them', async () => {
    const metric = await newMetric();
    const [kept, undone] = [await newRun(), await newRun()];
    await upsertPoints(db, metric.id, [{ at: at(7), value: 1 }]);
    await upsertPoints(db, metric.id, [{ at: at(8), value: 2, source: 'Watch' }], { importRunId: kept.id });
    // One statement inserting one point and finding another: the day's rollup counts each once (drizzle/0013).
    await upsertPoints(db, metric.id, [{ at: at(9), value: 4, source: 'Watch' }, { at: at(8), value: 2, source: 'Watch' }], { importRunId: undone.id });
    expect(await dayTotal(metric.id)).toBe(7);
    expect(await undoImportRun(db, undone.id)).toBe(1);
    expect(await points(metric.id)).toEqual([
      { hour: 7, value: 1, run: null },
      { hour: 8, value: 2, run: kept.id },
    ]);
    expect(await dayTotal(metric.id)).toBe(3);
    expect((await findImportRun(db, undone.id))?.status).toBe('undone');
  });
});

describe("a run's progress", () => {
  it('adds up the points of its chunks; an error makes it partial once a chunk is in, failed before; a start marks a running one partial', async () => {
    const run = await newRun();
    await importChunkCommitted(db, run.id, { recordsDone: 2, inserted: 2 });
    await importChunkCommitted(db, run.id, { recordsDone: 3, inserted: 1 });
    expect(await findImportRun(db, run.id)).toMatchObject({ status: 'running', recordsDone: 3, pointsWritten: 3 });
    expect(await finishImportRun(db, run.id, { error: 'cut off' })).toMatchObject({ status: 'partial', error: 'cut off', pointsWritten: 3 });
    expect(await finishImportRun(db, (await newRun()).id, { error: 'not a zip' })).toMatchObject({ status: 'failed' });
    const [interrupted, done] = [await newRun(), await newRun()];
    await finishImportRun(db, done.id, { recordsDone: 3 });
    expect(await markInterruptedRuns(db)).toBeGreaterThanOrEqual(1);
    expect(await findImportRun(db, interrupted.id)).toMatchObject({ status: 'partial', error: 'The server stopped during the import.' });
    expect(await findImportRun(db, done.id)).toMatchObject({ status: 'done', error: null });
  });
});

describe('an undo a start found cut short', () => {
  it('counts what each chunk removed, reads undo-stopped after a start, and finishes when undone again', async () => {
    const metric = await newMetric();
    const run = await newRun();
    await upsertPoints(db, metric.id, [{ at: at(1), value: 1 }]);
    await upsertPoints(db, metric.id, [1, 2, 3, 4, 5].map((hour) => ({ at: at(hour + 1), value: hour, source: 'Watch' })), { importRunId: run.id });
    await finishImportRun(db, run.id, { recordsDone: 5 });
    expect(await beginUndo(db, run.id)).toMatchObject({ status: 'undoing' });
    // One undo at a time, whoever asks.
    expect(await beginUndo(db, run.id)).toBeNull();
    expect(await undoChunk(db, run.id, 2)).toBe(2);
    expect(await findImportRun(db, run.id)).toMatchObject({ status: 'undoing', pointsRemoved: 2 });

    // The process stopped here; the next start finds it.
    expect(await markInterruptedRuns(db)).toBeGreaterThanOrEqual(1);
    expect(await findImportRun(db, run.id)).toMatchObject({ status: 'undo-stopped', pointsRemoved: 2, error: expect.stringMatching(/undo again/) });
    expect(await dayTotal(metric.id)).toBe(1 + 3 + 4 + 5);

    expect(await beginUndo(db, run.id)).toMatchObject({ status: 'undoing', error: null });
    expect(await undoImportRun(db, run.id)).toBe(3);
    expect(await findImportRun(db, run.id)).toMatchObject({ status: 'undone', pointsRemoved: 5 });
    expect(await points(metric.id)).toEqual([{ hour: 1, value: 1, run: null }]);
    expect(await beginUndo(db, run.id)).toBeNull();
  });
});
