import { existsSync, writeFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { memoryDatabase } from '../auth/test-db.ts';
import { createImportRun, findImportRun } from '../services/import-runs.ts';
import type { HealthImportSummary } from './import.ts';
import { findUpload, forget, importRunning, keep, KEEP_MS, newUploadPath, secondsLeft, startImport } from './uploads.ts';

/* A kept upload lives an hour at most, and its time left follows the pace so far. */
const preview: HealthImportSummary = { records: 1000, types: [], refusals: [], inserted: 0, updated: 0, dryRun: true };

afterEach(() => {
  vi.useRealTimers();
});

describe('kept Apple Health uploads', () => {
  it('deletes the file and forgets the id an hour after the upload', async () => {
    const { id, path } = await newUploadPath();
    writeFileSync(path, 'zip');
    vi.useFakeTimers();
    keep(id, path, 'export.zip', preview);
    await vi.advanceTimersByTimeAsync(KEEP_MS - 1_000);
    expect(findUpload(id)?.state).toBe('ready');
    await vi.advanceTimersByTimeAsync(2_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(existsSync(path)).toBe(false));
    expect(findUpload(id)).toBeNull();
  });

  it('answers the seconds left at the pace so far, none before there is one', async () => {
    const { id, path } = await newUploadPath();
    const upload = keep(id, path, 'export.zip', preview);
    expect(secondsLeft(upload)).toBeNull();
    Object.assign(upload, { state: 'importing', startedAt: 10_000, done: 250 });
    // 250 records in 5 s: 750 left take 15 s.
    expect(secondsLeft(upload, 15_000)).toBe(15);
    await forget(id);
    expect(findUpload(id)).toBeNull();
  });

  it('says done only once the run is recorded and the process is free for an undo', async () => {
    const { db, close } = await memoryDatabase();
    try {
      const { id, path } = await newUploadPath();
      await writeZip(path, 'apple_health_export/export.xml', exportXml({ records: 300, lastDay: '2025-06-30', seed: 5 }));
      const upload = keep(id, path, 'export.zip', preview);
      const run = await createImportRun(db, { fileName: 'export.zip', recordsTotal: 300, options: { skip: [], map: {} } });
      let ended = false;
      startImport(db, upload, { runId: run.id, zone: 'UTC', skip: new Set(), map: new Map(), ended: async () => void (ended = true) });
      // Watched every turn of the event loop, as a page polling at the worst moment would.
      while (findUpload(id)?.state === 'importing') await nextTurn();
      expect(findUpload(id)?.state).toBe('done');
      expect(importRunning()).toBe(false);
      expect(ended).toBe(true);
      expect((await findImportRun(db, run.id))?.status).toBe('done');
      await forget(id);
    } finally {
      await close();
    }
  }, 60_000);
});
