import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { importRun } from '#domain/responses.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ownerDate } from './metrics/metric-fields.tsx';

export type Run = z.infer<typeof importRun>;

const n = (value: number) => value.toLocaleString('en-US');
const points = (count: number) => `${n(count)} ${count === 1 ? 'point' : 'points'}`;

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({ error: `The server answered ${response.status}.` }))) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}.`);
  return body;
}

export const fetchRuns = async () => (await answer<{ runs: Run[] }>(await fetch('/api/import-runs', { credentials: 'include' }))).runs;

/** What a run's row says first: its state, and what the owner may do about it. */
function statusLine(run: Run): string {
  if (run.status === 'running') return `running — ${n(run.recordsDone)}${run.recordsTotal === null ? '' : ` of ${n(run.recordsTotal)}`} records`;
  if (run.status === 'partial') return 'partial — resume or undo';
  if (run.status === 'undoing') return `Undoing… ${n(run.pointsRemoved)} of ${points(run.pointsWritten)} removed`;
  if (run.status === 'undo-stopped') return 'undo stopped — undo again';
  if (run.status === 'undone') return `undone — its ${points(run.pointsRemoved)} removed`;
  return run.status;
}

/**
 * The latest import runs, under the import on /data-management/apple-health: a run an error or a stop cut short
 * reads "partial — resume or undo". Resume imports the file again under the same run (nothing is added twice),
 * with the file the server kept or, once it is gone, the same export chosen again; Undo removes the points the run
 * added, after a plain question saying how many, in the background: the row shows how many are gone so far, and
 * goes on showing it after a reload (the list follows any run going on).
 */
/** Points an undo would still remove: all the run added, less what an undo a stop cut short removed. */
const left = (run: Run) => Math.max(0, run.pointsWritten - run.pointsRemoved);
const ongoing = (run: Run) => run.status === 'running' || run.status === 'undoing';

/** How a run this page followed ended. */
function endToast(run: Run): Parameters<typeof toast>[0] {
  if (run.status === 'done') return { title: 'Import finished', description: `${run.fileName}: ${points(run.pointsWritten)} added in all.` };
  if (run.status === 'undone') return { title: 'Import undone', description: `${points(run.pointsRemoved)} removed.` };
  if (run.status === 'undo-stopped') return { title: 'Undo stopped', description: run.error ?? '', variant: 'destructive' };
  return { title: 'Import stopped', description: run.error ?? '', variant: 'destructive' };
}

export function ImportRuns({ runs, zone, busy, onChange }: { runs: Run[]; zone: string; busy: boolean; onChange: () => Promise<void> }) {
  const [undoing, setUndoing] = useState<Run | null>(null);
  const [pending, setPending] = useState(false);
  // The run this page resumed or undid, followed to its end for the toast that says how it went.
  const [following, setFollowing] = useState<number | null>(null);
  const [error, setError] = useState('');
  const running = busy || pending || following !== null || runs.some(ongoing);

  // While a run resumes or is undone, ask for its progress every half second; the list follows once it ends.
  useEffect(() => {
    if (following === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const run = await answer<Run>(await fetch(`/api/import-runs/${following}`, { credentials: 'include' }));
        if (stopped) return;
        await onChange();
        if (ongoing(run)) {
          timer = setTimeout(() => void poll(), 500);
          return;
        }
        setFollowing(null);
        toast(endToast(run));
      } catch (failure) {
        if (!stopped) {
          setError((failure as Error).message);
          setFollowing(null);
        }
      }
    };
    timer = setTimeout(() => void poll(), 300);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [following, onChange]);

  // A run going on that this page did not start (another tab, the shell command, or before a reload): the list
  // follows it.
  useEffect(() => {
    if (following !== null || !runs.some(ongoing)) return;
    const timer = setTimeout(() => void onChange().catch(() => {}), 1000);
    return () => clearTimeout(timer);
  }, [runs, following, onChange]);

  async function resume(run: Run, file?: File) {
    setError('');
    try {
      let upload: string | undefined;
      if (file) {
        const kept = await answer<{ id: string }>(
          await fetch(`/api/apple-health/uploads?name=${encodeURIComponent(file.name)}`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/zip' }, body: file }),
        );
        upload = kept.id;
      }
      await answer<Run>(
        await fetch(`/api/import-runs/${run.id}/resume`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(upload ? { upload } : {}) }),
      );
      setFollowing(run.id);
      await onChange();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  async function confirmUndo() {
    if (!undoing) return;
    setPending(true);
    setError('');
    try {
      // Answered at once: the points go in the background, followed like a resume.
      const run = await answer<Run>(await fetch(`/api/import-runs/${undoing.id}/undo`, { method: 'POST', credentials: 'include' }));
      setUndoing(null);
      setFollowing(run.id);
      await onChange();
    } catch (failure) {
      setError((failure as Error).message);
      setUndoing(null);
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="import-runs-heading">
      <h2 id="import-runs-heading" className="text-lg font-bold">
        Recent imports
      </h2>
      {runs.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No import yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-(--border)" data-testid="import-runs">
          {runs.map((run) => (
            <li key={run.id} className="flex flex-col gap-1 py-3" data-testid="import-run" aria-label={`Import of ${run.fileName}, ${ownerDate(run.startedAt, zone, true)}`}>
              <p className="font-medium break-words">
                {run.fileName} <span className="text-sm font-normal text-muted">· {ownerDate(run.startedAt, zone, true)}</span>
              </p>
              <p
                data-testid="import-run-status"
                className={run.status === 'partial' || run.status === 'failed' || run.status === 'undo-stopped' ? 'font-semibold text-danger' : 'font-semibold'}
              >
                {statusLine(run)}
              </p>
              {run.status !== 'undone' && (
                <p className="text-sm" data-testid="import-run-counts">
                  {points(run.pointsWritten)} added
                  {run.status === 'undo-stopped'
                    ? `, ${n(run.pointsRemoved)} of them removed`
                    : run.status !== 'running' && run.recordsTotal !== null && `, ${n(run.recordsDone)} of ${n(run.recordsTotal)} records read`}
                </p>
              )}
              {run.error && run.status !== 'undone' && <p className="text-sm text-muted">{run.error}</p>}
              {(run.status === 'partial' || run.status === 'failed') && !run.fileKept && (
                <label className="mt-1 flex max-w-md flex-col gap-1 text-sm">
                  The uploaded file is gone (the server restarted, or it was kept over an hour). To resume, choose the same export again:
                  <input type="file" accept=".zip,application/zip" className="field" disabled={running} onChange={(e) => e.target.files?.[0] && void resume(run, e.target.files[0])} />
                </label>
              )}
              {!ongoing(run) && run.status !== 'undone' && (
                <div className="mt-2 flex flex-wrap gap-3">
                  {(run.status === 'partial' || run.status === 'failed') && run.fileKept && (
                    <button type="button" className="btn-primary" disabled={running} onClick={() => void resume(run)}>
                      Resume
                    </button>
                  )}
                  <button type="button" className="btn-ghost" disabled={running} onClick={() => setUndoing(run)}>
                    Undo
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="mt-2 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={undoing !== null}
        title="Undo this import?"
        description={
          undoing
            ? `This removes the ${points(left(undoing))} ${undoing.pointsRemoved > 0 ? 'left of those' : 'that'} importing ${undoing.fileName} added. Points that were there before it stay as they are. It goes on in the background: you may leave this page.`
            : ''
        }
        cancelLabel="Keep them"
        confirmLabel={undoing ? `Remove ${points(left(undoing))}` : 'Remove'}
        pendingLabel="Removing..."
        pending={pending}
        onConfirm={() => void confirmUndo()}
        onCancel={() => setUndoing(null)}
      />
    </section>
  );
}
