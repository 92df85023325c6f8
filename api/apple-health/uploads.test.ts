import { existsSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HealthImportSummary } from './import.ts';
import { findUpload, forget, keep, KEEP_MS, newUploadPath, secondsLeft } from './uploads.ts';

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
});
