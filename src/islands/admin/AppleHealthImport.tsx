import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { healthUpload } from '#domain/responses.ts';
import { MAX_APPLE_HEALTH_UPLOAD_BYTES } from '#domain/vocabulary.ts';
import { megabytes, uploadFile } from '#src/lib/upload-file.ts';
import { toast } from '#src/stores/toast.ts';
import { fetchRuns, ImportRuns, type Run } from './ImportRuns.tsx';
import { useHydrated } from './useHydrated.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';

type Upload = z.infer<typeof healthUpload>;
type Summary = Upload['preview'];

type Step = { at: 'pick' } | { at: 'reading'; name: string; sent: number; total: number } | { at: 'preview' | 'importing' | 'done' | 'failed'; upload: Upload };

const n = (value: number) => value.toLocaleString('en-US');
/** 'HKQuantityTypeIdentifierStepCount' → 'Step count': the identifier stays in the cell's title. */
const label = (type: string) => {
  const name = type.replace(/^HK(Quantity|Category)TypeIdentifier/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return name.charAt(0) + name.slice(1).toLowerCase();
};
const minutesLeft = (seconds: number) => (seconds < 90 ? `about ${seconds} s left` : `about ${Math.round(seconds / 60)} min left`);

async function answer(response: Response): Promise<Upload> {
  const body = (await response.json().catch(() => ({ error: `The server answered ${response.status}.` }))) as Upload & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}.`);
  return body;
}

/**
 * /data-management/apple-health: pick the Health app's export.zip; the server reads it without writing (the
 * preview per record type); skip the types not wanted, then Import and follow records done of total. Below, the
 * latest import runs, to resume or undo.
 */
export default function AppleHealthImport({ metrics, runs: firstRuns, zone }: { metrics: Array<{ key: string; name: string }>; runs: Run[]; zone: string }) {
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>({ at: 'pick' });
  const [runs, setRuns] = useState(firstRuns);
  const refreshRuns = useCallback(async () => setRuns(await fetchRuns()), []);
  const [skip, setSkip] = useState<string[]>([]);
  /** Record type → another metric than its own. */
  const [map, setMap] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  useLeaveGuard(step.at === 'reading');

  async function pick(file: File | undefined) {
    setError('');
    setSkip([]);
    setMap({});
    if (!file) return setStep({ at: 'pick' });
    // Refused without sending: the server would answer 413 at once and close the connection mid-upload, which a
    // browser reports as a network failure rather than the answer.
    if (file.size > MAX_APPLE_HEALTH_UPLOAD_BYTES) {
      setError(`This export is larger than ${MAX_APPLE_HEALTH_UPLOAD_BYTES / 1024 ** 3} GB. Import it with npm run import:apple-health on the server.`);
      return setStep({ at: 'pick' });
    }
    setStep({ at: 'reading', name: file.name, sent: 0, total: file.size });
    try {
      const sending = uploadFile(`/api/apple-health/uploads?name=${encodeURIComponent(file.name)}`, file, 'application/zip', (sent, total) =>
        setStep((now) => (now.at === 'reading' ? { ...now, sent, total } : now)),
      );
      const upload = await answer(await sending);
      setStep({ at: 'preview', upload });
    } catch (failure) {
      // fetch rejects only when no answer came: the connection dropped or the server is out of reach.
      setError(failure instanceof TypeError ? 'The upload did not reach the server (the connection dropped). Check the connection and choose the file again.' : (failure as Error).message);
      setStep({ at: 'pick' });
    }
  }

  /** '' skips the type; its own metric or another one imports it there. */
  function choose(type: string, own: string, value: string) {
    setSkip((list) => (value ? list.filter((item) => item !== type) : [...new Set([...list, type])]));
    setMap(({ [type]: _dropped, ...rest }) => (value && value !== own ? { ...rest, [type]: value } : rest));
  }

  async function start() {
    if (step.at !== 'preview') return;
    setError('');
    try {
      const response = await fetch(`/api/apple-health/uploads/${step.upload.id}/import`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ skip, map }),
      });
      setStep({ at: 'importing', upload: await answer(response) });
      await refreshRuns().catch(() => {});
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  // While importing, ask for the progress every half second; the server keeps the count.
  const importingId = step.at === 'importing' ? step.upload.id : null;
  useEffect(() => {
    if (!importingId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const upload = await answer(await fetch(`/api/apple-health/uploads/${importingId}`, { credentials: 'include' }));
        if (stopped) return;
        if (upload.state === 'importing') {
          setStep({ at: 'importing', upload });
          timer = setTimeout(() => void poll(), 500);
          return;
        }
        setStep({ at: upload.state === 'done' ? 'done' : 'failed', upload });
        await refreshRuns().catch(() => {});
        toast(upload.state === 'done' ? { title: 'Import finished', description: `${n(upload.total)} records read.` } : { title: 'Import stopped', description: upload.error ?? '', variant: 'destructive' });
        requestAnimationFrame(() => resultRef.current?.focus());
      } catch (failure) {
        if (!stopped) setError((failure as Error).message);
      }
    };
    timer = setTimeout(() => void poll(), 300);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importingId, refreshRuns]);

  // A file picked before the script ran raised no change event this island heard: read it now.
  useEffect(() => {
    const file = fileRef.current?.files?.[0];
    if (file) void pick(file);
  }, []);

  async function restart() {
    if (step.at === 'preview') await fetch(`/api/apple-health/uploads/${step.upload.id}`, { method: 'DELETE', credentials: 'include' }).catch(() => {});
    if (fileRef.current) fileRef.current.value = '';
    setError('');
    setStep({ at: 'pick' });
  }

  const busy = step.at === 'reading' || step.at === 'importing';
  const importable = step.at === 'preview' ? step.upload.preview.types.filter((type) => type.metric && !skip.includes(type.type)) : [];

  return (
    <div data-hydrated={hydrated ? '' : undefined} className="flex flex-col gap-6">
      <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="health-file-heading">
        <h2 id="health-file-heading" className="text-lg font-bold">
          1. Pick the export
        </h2>
        <p className="mt-1 text-sm text-muted">
          On the iPhone: Health → your picture → Export All Health Data, then bring export.zip to this device. It is read on the server; nothing is written
          until you press Import. Files over 1 GB: use <code>npm run import:apple-health</code> on the server.
        </p>
        <label className="mt-4 flex max-w-md flex-col gap-1 text-sm font-medium">
          Health export (export.zip)
          <input ref={fileRef} type="file" accept=".zip,application/zip" className="field" disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {step.at === 'reading' && (
          <div className="mt-3 flex max-w-md flex-col gap-2 text-sm">
            {/* Only the phase is announced; the figures change many times a second. */}
            <p role="status">{step.sent < step.total ? `Uploading ${step.name}…` : `Reading ${step.name} on the server…`}</p>
            <progress className="progress-bar" max={step.total} value={step.sent} aria-label={`Upload of ${step.name}`} />
            <p data-testid="health-upload-progress">
              {Math.floor((step.sent / Math.max(1, step.total)) * 100)} % sent ({megabytes(step.sent)} of {megabytes(step.total)})
            </p>
          </div>
        )}
        {error && (
          <p className="mt-2 text-sm font-medium text-danger" role="alert">
            {error}
          </p>
        )}
      </section>

      {step.at === 'preview' && (
        <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="health-preview-heading">
          <h2 id="health-preview-heading" className="text-lg font-bold">
            2. What the export holds
          </h2>
          <p className="mt-2" data-testid="health-counts">
            {n(step.upload.preview.records)} records of {n(step.upload.preview.types.length)} types.
          </p>
          {/* Wider than a phone: the table scrolls on its own, the page does not (each row's select takes the keyboard there). */}
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="health-preview">
              <caption className="mb-2 text-left font-medium">Records per type, and where each goes</caption>
              <thead className="text-xs whitespace-nowrap text-muted">
                <tr>
                  <th scope="col" className="pr-3">Type</th>
                  <th scope="col" className="pr-3">Goes to</th>
                  <th scope="col" className="pr-3 text-right">Records</th>
                  <th scope="col" className="pr-3 text-right">Days</th>
                  <th scope="col" className="pr-3 text-right">Refused</th>
                  <th scope="col">Sources</th>
                </tr>
              </thead>
              <tbody>
                {step.upload.preview.types.map((type) => (
                  <tr key={type.type} className="border-t border-(--border) align-top">
                    <th scope="row" className="min-w-28 py-2 pr-3 font-medium" title={type.type}>
                      {label(type.type)}
                    </th>
                    <td className="py-2 pr-3">
                      {type.metric ? (
                        <select
                          className="field w-auto max-w-56 min-w-32"
                          aria-label={`${label(type.type)} goes to`}
                          value={skip.includes(type.type) ? '' : (map[type.type] ?? type.metric)}
                          onChange={(e) => choose(type.type, type.metric!, e.target.value)}
                        >
                          <option value={type.metric}>{type.metric}</option>
                          <option value="">Skip</option>
                          <optgroup label="Another metric">
                            {metrics
                              .filter((metric) => metric.key !== type.metric)
                              .map((metric) => (
                                <option key={metric.key} value={metric.key}>
                                  {metric.name} ({metric.key})
                                </option>
                              ))}
                          </optgroup>
                        </select>
                      ) : (
                        <span className="whitespace-nowrap text-muted">Not imported</span>
                      )}
                    </td>
                    <td className="py-2 pr-3 text-right font-mono whitespace-nowrap">{n(type.records)}</td>
                    <td className="py-2 pr-3 text-right font-mono whitespace-nowrap">{n(type.days)}</td>
                    <td className="py-2 pr-3 text-right font-mono whitespace-nowrap">{n(type.refused)}</td>
                    <td className="min-w-40 py-2">{type.sources.join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Refusals summary={step.upload.preview} caption="Records that will be refused" />
          <div className="mt-5 flex flex-wrap gap-3">
            <button type="button" className="btn-primary" disabled={importable.length === 0} onClick={() => void start()}>
              Import {n(importable.length)} {importable.length === 1 ? 'type' : 'types'}
            </button>
            <button type="button" className="btn-ghost" onClick={() => void restart()}>
              Choose another file
            </button>
          </div>
        </section>
      )}

      {step.at === 'importing' && (
        <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="health-progress-heading">
          <h2 id="health-progress-heading" className="text-lg font-bold">
            Importing…
          </h2>
          <label className="mt-3 flex flex-col gap-2 text-sm">
            <span data-testid="health-progress-text">
              {n(step.upload.done)} of {n(step.upload.total)} records
              {step.upload.secondsLeft !== null && `, ${minutesLeft(step.upload.secondsLeft)}`}
            </span>
            <progress className="progress-bar" max={step.upload.total} value={step.upload.done}>
              {n(step.upload.done)} of {n(step.upload.total)} records
            </progress>
          </label>
          <p className="mt-2 text-sm text-muted">The site keeps answering meanwhile; you may leave this page, the import goes on.</p>
        </section>
      )}

      {(step.at === 'done' || step.at === 'failed') && (
        <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="health-result-heading" data-testid="health-result">
          <h2 id="health-result-heading" ref={resultRef} tabIndex={-1} className="text-lg font-bold">
            {step.at === 'done' ? 'Import finished' : 'Import stopped'}
          </h2>
          {step.at === 'done' && step.upload.result ? (
            <>
              <p className="mt-2" data-testid="health-progress-text">
                {n(step.upload.total)} of {n(step.upload.total)} records read
              </p>
              <ul className="mt-2 list-disc pl-5">
                <li>{n(step.upload.result.inserted)} new points</li>
                <li>{n(step.upload.result.updated)} points updated (already there)</li>
                <li>{n(step.upload.result.types.reduce((sum, type) => sum + type.refused, 0))} records refused</li>
              </ul>
              <ul className="mt-4 flex flex-wrap gap-3">
                {[...new Set(step.upload.result.types.flatMap((type) => (type.metric ? [type.metric] : [])))].map((key) => (
                  <li key={key}>
                    <a href={`/data-management/metrics/${key}`} className="btn-ghost">
                      See {key}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2 text-danger" role="alert">
              {step.upload.error}
            </p>
          )}
          <button type="button" className="btn-ghost mt-5" onClick={() => void restart()}>
            Import another file
          </button>
        </section>
      )}

      <ImportRuns runs={runs} zone={zone} busy={busy} onChange={refreshRuns} />
    </div>
  );
}

function Refusals({ summary, caption }: { summary: Summary; caption: string }) {
  if (summary.refusals.length === 0) return null;
  return (
    <table className="mt-4 w-full text-left text-sm" data-testid="health-refusals">
      <caption className="mb-2 text-left font-medium">{caption}</caption>
      <thead className="text-xs whitespace-nowrap text-muted">
        <tr>
          <th scope="col" className="pr-3">Type</th>
          <th scope="col" className="pr-3 text-right">Records</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {summary.refusals.map((refusal) => (
          <tr key={`${refusal.type} ${refusal.reason}`}>
            <td className="pr-3">{label(refusal.type)}</td>
            <td className="pr-3 text-right font-mono">{n(refusal.records)}</td>
            <td>{refusal.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
