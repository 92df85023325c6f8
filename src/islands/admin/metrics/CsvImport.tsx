import { useEffect, useRef, useState } from 'react';
import { MAX_POINTS_PER_BATCH } from '#domain/shapes.ts';
import { toast } from '#src/stores/toast.ts';
import { useHydrated } from '../useHydrated.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { checkFile, readHeader, sendInChunks, type ColumnMap, type ImportResult, type ReadyRow, type RefusedRow } from './point-import.ts';

interface Props {
  metric: { key: string; name: string; unit: string };
}

type Step =
  | { at: 'pick' }
  | { at: 'map'; text: string; fileName: string; columns: string[] }
  | { at: 'checking'; lines: number }
  | { at: 'preview'; ready: ReadyRow[]; refused: RefusedRow[] }
  | { at: 'importing'; done: number; total: number; refused: RefusedRow[] }
  | { at: 'done'; result: ImportResult; total: number; refused: RefusedRow[] };

/** Refused rows listed on the page; the rest are counted (a list of 50,000 would freeze it). */
const SHOWN = 100;
const n = (value: number) => value.toLocaleString('en-US');

/**
 * /data-management/metrics/{key}/import: pick a CSV file, map its date, value and note columns, see which
 * rows will be refused and why (the server's own shape), then import in chunks of 1,000 with a progress bar.
 */
export default function CsvImport({ metric }: Props) {
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>({ at: 'pick' });
  const [map, setMap] = useState<ColumnMap>({ at: 0, value: 1, note: null });
  const [error, setError] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  useLeaveGuard(step.at === 'importing' || step.at === 'checking');

  async function pick(file: File | undefined) {
    setError('');
    if (!file) return setStep({ at: 'pick' });
    const text = await file.text();
    const { columns, guess } = readHeader(text);
    if (columns.length < 2) {
      setError('CSV file needs a header line and at least two columns (a date and a value).');
      return setStep({ at: 'pick' });
    }
    setMap(guess);
    setStep({ at: 'map', text, fileName: file.name, columns });
  }

  async function check() {
    if (step.at !== 'map') return;
    if (map.at === map.value) return setError('Value column must differ from the date column.');
    setError('');
    const { text } = step;
    setStep({ at: 'checking', lines: 0 });
    const { ready, refused } = await checkFile(text, map, (lines) => setStep({ at: 'checking', lines }));
    setStep({ at: 'preview', ready, refused });
  }

  async function run() {
    if (step.at !== 'preview') return;
    const { ready, refused } = step;
    setStep({ at: 'importing', done: 0, total: ready.length, refused });
    const result = await sendInChunks(metric.key, ready, (done) => setStep({ at: 'importing', done, total: ready.length, refused }), MAX_POINTS_PER_BATCH);
    setStep({ at: 'done', result, total: ready.length + refused.length, refused });
    const problems = refused.length + result.refused.length + result.failed.length;
    toast(
      result.failed.length > 0
        ? { title: 'Import finished with failures', description: `${n(result.failed.length)} rows could not be sent.`, variant: 'destructive' }
        : { title: 'Import finished', description: `${n(result.inserted + result.updated)} points imported${problems ? `, ${n(problems)} rows refused` : ''}.` },
    );
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  // A file picked before the script ran raised no change event this island heard: read it now.
  useEffect(() => {
    const file = fileRef.current?.files?.[0];
    if (file) void pick(file);
  }, []);

  const restart = () => {
    if (fileRef.current) fileRef.current.value = '';
    setStep({ at: 'pick' });
  };
  const busy = step.at === 'checking' || step.at === 'importing';

  return (
    <div data-hydrated={hydrated ? '' : undefined} className="grid gap-6">
      <section className="card p-5 sm:p-6" aria-labelledby="csv-file-heading">
        <h2 id="csv-file-heading" className="text-lg font-bold">
          1. Pick a file
        </h2>
        <p className="mt-1 text-sm text-muted">
          A CSV file with a header line, e.g. a health app's or a spreadsheet's export. Dates as 2026-03-01 or 2026-03-01T07:30 (the owner's time
          zone unless the date says otherwise). A date that already has a point updates it, so importing the same file twice changes nothing.
        </p>
        <label className="mt-4 flex max-w-md flex-col gap-1 text-sm font-medium">
          CSV file
          <input ref={fileRef} type="file" accept=".csv,.tsv,.txt,text/csv" className="field" disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {error && (
          <p className="mt-2 text-sm font-medium text-danger" role="alert">
            {error}
          </p>
        )}
      </section>

      {step.at === 'map' && (
        <section className="card p-5 sm:p-6" aria-labelledby="csv-map-heading">
          <h2 id="csv-map-heading" className="text-lg font-bold">
            2. Map the columns of {step.fileName}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <ColumnSelect label="Date column" columns={step.columns} value={map.at} onChange={(at) => setMap({ ...map, at: at ?? 0 })} />
            <ColumnSelect label="Value column" columns={step.columns} value={map.value} onChange={(value) => setMap({ ...map, value: value ?? 0 })} />
            <ColumnSelect label="Note column" columns={step.columns} value={map.note} optional onChange={(note) => setMap({ ...map, note })} />
          </div>
          <button type="button" className="btn-primary mt-5" onClick={() => void check()}>
            Check the rows
          </button>
        </section>
      )}

      {step.at === 'checking' && (
        <p role="status" className="card p-5">
          Checking the rows… line {n(step.lines)}
        </p>
      )}

      {step.at === 'preview' && (
        <section className="card p-5 sm:p-6" aria-labelledby="csv-preview-heading">
          <h2 id="csv-preview-heading" className="text-lg font-bold">
            3. Preview
          </h2>
          <p className="mt-2" data-testid="csv-counts">
            {n(step.ready.length)} rows will be imported into {metric.name}; {n(step.refused.length)} will be refused.
          </p>
          {step.ready.length > 0 && (
            <table className="mt-4 w-full max-w-xl text-left text-sm">
              <caption className="mb-2 text-left font-medium">The first rows to import</caption>
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Date</th>
                  <th scope="col">Value</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {step.ready.slice(0, 5).map((row) => (
                  <tr key={row.line}>
                    <td className="font-mono">{row.line}</td>
                    <td className="font-mono">{row.point.at}</td>
                    <td className="font-mono">
                      {row.point.value} {metric.unit}
                    </td>
                    <td>{row.point.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <RefusedTable caption="Rows that will be refused" rows={step.refused} />
          <div className="mt-5 flex flex-wrap gap-3">
            <button type="button" className="btn-primary" disabled={step.ready.length === 0} onClick={() => void run()}>
              Import {n(step.ready.length)} rows
            </button>
            <button type="button" className="btn-ghost" onClick={restart}>
              Choose another file
            </button>
          </div>
        </section>
      )}

      {step.at === 'importing' && (
        <section className="card p-5 sm:p-6" aria-labelledby="csv-progress-heading">
          <h2 id="csv-progress-heading" className="text-lg font-bold">
            Importing…
          </h2>
          <label className="mt-3 flex flex-col gap-2 text-sm">
            <span>
              <span data-testid="csv-progress-text">
                {n(step.done)} of {n(step.total)} rows
              </span>{' '}
              sent
            </span>
            <progress className="progress-bar" max={step.total} value={step.done}>
              {n(step.done)} of {n(step.total)} rows
            </progress>
          </label>
        </section>
      )}

      {step.at === 'done' && (
        <section className="card p-5 sm:p-6" aria-labelledby="csv-result-heading" data-testid="csv-result">
          <h2 id="csv-result-heading" ref={summaryRef} tabIndex={-1} className="text-lg font-bold">
            Import finished
          </h2>
          <ul className="mt-2 list-disc pl-5">
            <li>{n(step.result.inserted)} new points</li>
            <li>{n(step.result.updated)} points updated (their date already had one)</li>
            <li>{n(step.refused.length + step.result.refused.length)} rows refused</li>
            {step.result.failed.length > 0 && <li className="text-danger">{n(step.result.failed.length)} rows not sent (the server could not be reached)</li>}
          </ul>
          <RefusedTable caption="Rows that were not imported" rows={[...step.refused, ...step.result.refused, ...step.result.failed].sort((a, b) => a.line - b.line)} />
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={`/data-management/metrics/${metric.key}`} className="btn-primary">
              See the points of {metric.name}
            </a>
            <button type="button" className="btn-ghost" onClick={restart}>
              Import another file
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

function ColumnSelect({ label, columns, value, optional, onChange }: { label: string; columns: string[]; value: number | null; optional?: boolean; onChange: (index: number | null) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select className="field" value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        {optional && <option value="">No note</option>}
        {columns.map((name, index) => (
          <option key={index} value={index}>
            {name || `Column ${index + 1}`}
          </option>
        ))}
      </select>
    </label>
  );
}

function RefusedTable({ caption, rows }: { caption: string; rows: RefusedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="mt-4 max-h-80 overflow-y-auto">
      <table className="w-full text-left text-sm" data-testid="csv-refused">
        <caption className="mb-2 text-left font-medium">
          {caption} ({n(rows.length)}
          {rows.length > SHOWN ? `, the first ${SHOWN} shown` : ''})
        </caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((row) => (
            <tr key={row.line}>
              <td className="pr-4 font-mono">{row.line}</td>
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
