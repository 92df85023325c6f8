import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import { errorFields } from '../db/query-error.ts';
import { log } from '../log.ts';
import { finishUndo, undoImportRun } from '../services/import-runs.ts';
import { takeTestStop } from './test-stops.ts';

/*
 * An import run's undo, in the background: the owner's request answers at once (a real export's millions of
 * points take minutes to remove) and the points go a chunk per transaction, each committed with the run's count
 * of points removed, so the page shows progress and a stop leaves the run saying what is gone. Between chunks the
 * process answers others (the embedded database has one connection).
 */

/**
 * Undoes the run, already marked `undoing` (beginUndo); `release` gives back this process's one import-or-undo
 * and `ended` hears how many points went, or the error that stopped it (the run then reads undo-stopped).
 */
export function startUndo(
  db: Db,
  runId: number,
  release: () => void,
  ended: (removed: number | null, error: unknown) => Promise<void>,
): void {
  const stop = takeTestStop('undo');
  void undoImportRun(db, runId, async (chunks) => {
    await nextTurn();
    await stop(chunks);
  })
    .then(
      (removed) => ({ removed, error: null as unknown }),
      async (error: unknown) => {
        await finishUndo(db, runId, { error: 'The undo stopped on an error of ours: undo again to remove the rest.' });
        return { removed: null, error };
      },
    )
    .then(
      async ({ removed, error }) => {
        // Free for the next import or undo as soon as the run reads undone (or undo-stopped): an owner acting on
        // that at once must not be told one is still running.
        release();
        await ended(removed, error);
      },
      (error: unknown) => {
        release();
        throw error;
      },
    )
    // Even the run's own row could not be written (the database gone): the next start marks it undo-stopped.
    .catch((error: unknown) => log.error(errorFields(error), 'An undo could not record its end'));
}
