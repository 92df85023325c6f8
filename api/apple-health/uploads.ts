import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_APPLE_HEALTH_UPLOAD_BYTES } from '#domain/vocabulary.ts';
import type { Db } from '../db/client.ts';
import { errorFields } from '../db/query-error.ts';
import { log } from '../log.ts';
import { finishImportRun } from '../services/import-runs.ts';
import { HealthImportError, importAppleHealth, type HealthImportSummary } from './import.ts';
import { takeTestStop } from './test-stops.ts';

/*
 * Exports uploaded from the admin page, kept between the preview and the owner's Import (so a file of hundreds
 * of megabytes is sent once), and the progress of the import that runs on one. Held by this process: a file
 * lives in a folder of its own under the system's temporary folder, never served back, and is deleted after its
 * import or an hour after it arrived, whichever is first; an import cut short by an error keeps it an hour from
 * then, for a resume. One import runs at a time; it commits in chunks, so the server answers others between
 * them. Each import is an import run (api/services/import-runs.ts), which outlives this process.
 */

/** The upload's own cap on the body reader (ADR 022): larger exports go through `npm run import:apple-health`. */
export const UPLOAD_LIMIT = MAX_APPLE_HEALTH_UPLOAD_BYTES;
export const KEEP_MS = 60 * 60 * 1000;

export type UploadState = 'ready' | 'importing' | 'done' | 'failed';

export interface KeptUpload {
  id: string;
  path: string;
  /** The name the browser gave the file (shown with its import runs). */
  fileName: string;
  /** The import run of its latest import; null before the owner's Import. */
  runId: number | null;
  preview: HealthImportSummary;
  expiresAt: Date;
  state: UploadState;
  done: number;
  total: number;
  startedAt: number | null;
  result: HealthImportSummary | null;
  error: string | null;
}

const kept = new Map<string, KeptUpload>();
let folder: Promise<string> | null = null;
let running: string | null = null;

/** A fresh path for an upload under this process's own folder, and its id. */
export async function newUploadPath(): Promise<{ id: string; path: string }> {
  folder ??= mkdtemp(join(tmpdir(), 'apple-health-'));
  const id = randomUUID();
  return { id, path: join(await folder, `${id}.zip`) };
}

export function keep(id: string, path: string, fileName: string, preview: HealthImportSummary): KeptUpload {
  const upload: KeptUpload = { id, path, fileName, runId: null, preview, expiresAt: new Date(Date.now() + KEEP_MS), state: 'ready', done: 0, total: preview.records, startedAt: null, result: null, error: null };
  kept.set(id, upload);
  expireLater(upload);
  return upload;
}

function expireLater(upload: KeptUpload): void {
  const timer = setTimeout(() => {
    // An import outlasting the hour keeps its file until it ends; one an error stopped was given another hour.
    if (upload.state === 'importing' || upload.expiresAt.getTime() > Date.now()) return expireLater(upload);
    void forget(upload.id);
  }, Math.max(0, upload.expiresAt.getTime() - Date.now()));
  timer.unref();
}

export const findUpload = (id: string) => kept.get(id) ?? null;
let undoing = false;
/** An import or an undo is running in this process: one at a time. */
export const importRunning = () => running !== null || undoing;
/** Claims this process's one import-or-undo for an undo, before it starts; the answer gives it back. */
export function claimUndo(): () => void {
  undoing = true;
  return () => {
    undoing = false;
  };
}
/** The kept file a run imports or imported, while this process still keeps it (a resume needs it): the latest. */
export const uploadOfRun = (runId: number) => [...kept.values()].findLast((upload) => upload.runId === runId) ?? null;

/** Deletes the file and forgets the upload (expired, or the owner chose another file). */
export async function forget(id: string): Promise<void> {
  const upload = kept.get(id);
  kept.delete(id);
  if (upload) await rm(upload.path, { force: true });
}

/** Seconds left at the pace so far; null before there is a pace. */
export function secondsLeft(upload: KeptUpload, now = Date.now()): number | null {
  if (upload.state !== 'importing' || !upload.startedAt || upload.done === 0) return null;
  const elapsed = (now - upload.startedAt) / 1000;
  return Math.max(0, Math.round((elapsed / upload.done) * (upload.total - upload.done)));
}

/**
 * Starts the import of a kept upload in the background; `ended` hears the summary or the error once it is over.
 * The file is deleted when it ends, whatever the outcome; the status stays until the hour is up.
 */
export function startImport(
  db: Db,
  upload: KeptUpload,
  options: {
    runId: number;
    zone: string;
    skip: ReadonlySet<string>;
    map: ReadonlyMap<string, string>;
    ended: (result: HealthImportSummary | null, error: unknown) => Promise<void>;
  },
): void {
  Object.assign(upload, { state: 'importing', startedAt: Date.now(), done: 0, result: null, error: null, runId: options.runId });
  running = upload.id;
  const afterChunk = takeTestStop('import');
  // Told to the page only once the run is recorded and this process free for the next import or an undo: an
  // owner pressing Undo the moment "done" shows must not be told an import is still running.
  let outcome: Partial<KeptUpload> = { state: 'failed', error: 'The import stopped on an error of ours. The chunks already written stay: resume the import, or undo it.' };
  void importAppleHealth(db, upload.path, {
    zone: options.zone,
    skip: options.skip,
    map: options.map,
    runId: options.runId,
    onProgress: ({ records }) => {
      upload.done = records;
    },
    afterChunk,
  })
    .then(
      async (result) => {
        await finishImportRun(db, options.runId, { recordsDone: result.records });
        await rm(upload.path, { force: true });
        await options.ended(result, null);
        outcome = { state: 'done', done: upload.total, result };
      },
      async (error: unknown) => {
        // The file's own faults are the owner's to read; anything else stays in the server's log.
        const message = error instanceof HealthImportError ? error.message : 'The import stopped on an error of ours.';
        outcome = { state: 'failed', error: `${message} The chunks already written stay: resume the import, or undo it.` };
        // Kept an hour from now for a resume.
        upload.expiresAt = new Date(Date.now() + KEEP_MS);
        await finishImportRun(db, options.runId, { error: message });
        await options.ended(null, error);
      },
    )
    // Recording the end failed (the database gone): the run is marked partial at the next start.
    .catch((error: unknown) => log.error(errorFields(error), 'An import could not record its end'))
    .finally(() => {
      running = null;
      Object.assign(upload, outcome);
    });
}
