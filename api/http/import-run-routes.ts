import { importRunResume } from '#domain/shapes.ts';
import { startUndo } from '../apple-health/undo.ts';
import { claimUndo, findUpload, importRunning, secondsLeft, uploadOfRun } from '../apple-health/uploads.ts';
import { invalidateEverything } from '../cache/invalidation.ts';
import { db } from '../db/client.ts';
import { errorFields } from '../db/query-error.ts';
import { log } from '../log.ts';
import { beginUndo, findImportRun, recentImportRuns, resumeImportRun, type ImportRun } from '../services/import-runs.ts';
import { parseId } from '../services/projects.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { actor, runImport, type Context } from './apple-health-routes.ts';
import { readJson } from './body.ts';
import { HttpError, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/*
 * The import runs the Apple Health page lists (api/services/import-runs.ts): a run an error or a stop cut short
 * is `partial`, to resume (with the kept file, or the same export chosen again) or to undo; a done run may be
 * undone too, in the background (`undoing`, its points removed so far counted on the run). One import or undo
 * at a time: 409 while one runs.
 */

/** A run as the page shows it; a running one's records come from this process's count, finer than its chunks. */
function viewOf(run: ImportRun) {
  const upload = uploadOfRun(run.id);
  const live = run.status === 'running' && upload?.state === 'importing';
  return {
    id: run.id,
    kind: run.kind,
    fileName: run.fileName,
    status: run.status,
    recordsDone: live ? upload.done : run.recordsDone,
    recordsTotal: run.recordsTotal,
    pointsWritten: run.pointsWritten,
    pointsRemoved: run.pointsRemoved,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: run.error,
    secondsLeft: live ? secondsLeft(upload) : null,
    fileKept: upload !== null && upload.state === 'failed',
  };
}

async function foundRun(context: Context): Promise<ImportRun> {
  const id = parseId(context.params.id);
  const run = id === null ? null : await findImportRun(db(), id);
  if (!run) throw notFound('No such import run.');
  return run;
}

/** The latest runs, newest first, as the page shows them. */
export const recentRunViews = async () => (await recentImportRuns(db())).map(viewOf);

/** GET /api/import-runs: the latest runs, newest first. */
export const importRunList = {
  GET: (context: Context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      return json({ runs: await recentRunViews() });
    }),
};

/** GET /api/import-runs/{id}: one run and its progress. */
export const importRunItem = {
  GET: (context: Context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      return json(viewOf(await foundRun(context)));
    }),
};

/**
 * POST /api/import-runs/{id}/resume `{ upload? }`: imports the run's file again under the same run (what its first
 * chunks wrote is found there and not added again), with the file this process kept, or the upload named (the
 * same export chosen again after the file was gone).
 */
export const importRunResumeRoute = {
  POST: (context: Context) =>
    handle(async () => {
      const user = requireAdmin(context.locals.user);
      const run = await foundRun(context);
      const body = await readJson(context.request, importRunResume);
      if (run.status !== 'partial' && run.status !== 'failed') throw new HttpError(409, `This import is ${run.status === 'undoing' ? 'being undone' : run.status}: only a partial or failed one resumes.`);
      if (importRunning()) throw new HttpError(409, 'An import is running: wait for it to end.');
      const upload = body.upload ? findUpload(body.upload) : uploadOfRun(run.id);
      // A kept file is one not imported to its end ('ready', or 'failed' for the run it stopped).
      const usable = upload !== null && (upload.state === 'ready' || upload.state === 'failed');
      if (body.upload && !usable) throw notFound('No such upload: upload the export again.');
      if (!usable) throw new HttpError(409, 'The uploaded file is gone (the server restarted, or it was kept over an hour): choose the same export again to resume.', 'upload');
      const resumed = await resumeImportRun(db(), run.id, upload.total);
      runImport(upload, run.id, run.options, actor(context, user));
      return json(viewOf(resumed), 202);
    }),
};

/**
 * POST /api/import-runs/{id}/undo: starts removing the points the run added, in the background (202, the run now
 * `undoing`; follow it with GET /api/import-runs/{id}); at its end, every cached page is emptied and the security
 * log gets an `import` row.
 */
export const importRunUndo = {
  POST: (context: Context) =>
    handle(async () => {
      const user = requireAdmin(context.locals.user);
      const run = await foundRun(context);
      if (importRunning()) throw new HttpError(409, 'An import or an undo is running: wait for it to end.');
      if (run.status === 'running' || run.status === 'undoing' || run.status === 'undone') throw new HttpError(409, refusal(run.status));
      // Claimed before the first await of the undo, so a second request meanwhile finds it taken.
      const release = claimUndo();
      let started: ImportRun | null;
      try {
        started = await beginUndo(db(), run.id);
      } catch (error) {
        release();
        throw error;
      }
      if (!started) {
        release();
        // Another server (or tab) started on it between the read and the claim.
        throw new HttpError(409, refusal((await findImportRun(db(), run.id))?.status ?? 'undone'));
      }
      const database = db();
      const who = actor(context, user);
      startUndo(database, run.id, release, async (removed, error) => {
        await invalidateEverything();
        const after = await findImportRun(database, run.id);
        await recordSecurityEvent(database, {
          kind: 'import',
          outcome: error ? 'refused' : 'success',
          reason: error ? (after?.error ?? 'The undo stopped.') : null,
          detail: { format: 'apple-health', undone: run.id, ...(removed === null ? { stopped: true } : { removed }), removedInAll: after?.pointsRemoved ?? null },
          ...who,
        });
        if (error) log.error(errorFields(error), 'Undoing an import run stopped');
      });
      return json(viewOf(started), 202);
    }),
};

function refusal(status: ImportRun['status']): string {
  if (status === 'running') return 'This import is running.';
  if (status === 'undoing') return 'This import is being undone.';
  return 'This import is undone already.';
}
