import { useRef, useState, type FormEvent } from 'react';
import { MAX_IMPORT_BYTES } from '#domain/vocabulary.ts';
import { megabytes, uploadFile } from '#src/lib/upload-file.ts';
import { StepUpDialog } from '../StepUpDialog.tsx';
import { useHydrated } from './useHydrated.ts';

/** What POST /api/import/preview answers (api/export/import.ts). */
interface Summary {
  createdAt: string;
  tables: { name: string; archive: number; current: number }[];
  origin: 'this-site' | 'elsewhere';
  dropped: { table: string; rows: number; why: string }[];
}

interface Props {
  /** Whether the owner has a passkey: then a restore refused for an old sign-in is confirmed on this page. */
  passkey: boolean;
}

/** The server's answer: a summary, or `{ error }` naming what was refused. */
type Answer = Partial<Summary> & { error?: string };

type Progress = (sent: number, total: number) => void;

async function send(path: string, archive: File, onProgress: Progress): Promise<{ ok: boolean; reached: boolean; body: Answer }> {
  let response: Response;
  try {
    response = await uploadFile(path, archive, 'application/gzip', onProgress);
  } catch {
    return {
      ok: false,
      reached: false,
      body: { error: 'The site could not be reached: check your connection and try again.' },
    };
  }
  const body = (await response.json().catch(() => ({ error: 'The server answered unexpectedly.' }))) as Answer;
  return { ok: response.ok, reached: true, body };
}

/**
 * The import half of /data-management/export: check an archive (a dry run), show what it would replace and
 * what it leaves out, then restore it. A restore needs a recent sign-in (api/auth/step-up.ts): a passkey
 * confirms it in a dialog, the archive still chosen, and the owner presses the button again; signing in another
 * way leaves the page, and a browser cannot carry a chosen file across pages.
 */
export default function RestoreArchive({ passkey }: Props) {
  const hydrated = useHydrated();
  const fileRef = useRef<HTMLInputElement>(null);
  const replaceRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState('');
  const [summary, setSummary] = useState<Summary | null>(null);
  const [pending, setPending] = useState(false);
  const [askStepUp, setAskStepUp] = useState(false);
  /** How much of the archive has gone, while it goes (an archive with its pictures can be hundreds of MB). */
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const sendArchive = async (path: string, file: File) => {
    setUpload({ sent: 0, total: file.size });
    try {
      return await send(path, file, (sent, total) => setUpload({ sent, total }));
    } finally {
      setUpload(null);
    }
  };

  const archive = () => fileRef.current?.files?.[0];

  async function check(event: FormEvent) {
    event.preventDefault();
    const file = archive();
    if (!file) return;
    setSummary(null);
    // Refused without sending: the server would answer 413 at once and close the connection mid-upload.
    if (file.size > MAX_IMPORT_BYTES) {
      setStatus(
        `Refused: this archive is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Import it with npm run import on the server.`,
      );
      return;
    }
    setStatus('Checking the archive…');
    const { ok, body } = await sendArchive('/api/import/preview', file);
    if (!ok) {
      setStatus(`Refused: ${body.error}`);
      return;
    }
    setSummary(body as Summary);
    setStatus(`The archive is complete and intact (made ${body.createdAt}).`);
  }

  async function restore() {
    const file = archive();
    if (!file || pending) return;
    setPending(true);
    setStatus('Importing…');
    const { ok, reached, body } = await sendArchive('/api/import', file);
    setPending(false);
    if (!reached) {
      // The archive may or may not have arrived: say what is known, and how to find out.
      setStatus(
        'The connection failed before the site answered. Reload this page: if you are signed out, the data was replaced.',
      );
      return;
    }
    if (body.error === 'step_up_required') {
      setStatus(
        "Nothing was changed yet: replacing all data needs a sign-in from the last few minutes. Confirm it's you first.",
      );
      setAskStepUp(true);
      return;
    }
    if (!ok) {
      setStatus(`Refused: ${body.error} Nothing was changed.`);
      return;
    }
    setSummary(null);
    setStatus('Imported. Everyone was signed out: sign in again to continue.');
  }

  return (
    <div data-hydrated={hydrated ? '' : undefined}>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(event) => void check(event)}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Archive (.tar.gz)
          <input
            ref={fileRef}
            name="archive"
            type="file"
            accept=".gz,.tgz,application/gzip"
            required
            className="field"
            onChange={() => {
              // A new choice is not the archive the preview was about.
              setSummary(null);
              setStatus('');
            }}
          />
        </label>
        <button type="submit" className="btn-ghost" disabled={!hydrated}>
          Check archive
        </button>
      </form>
      <div role="status" aria-live="polite" className="mt-4 text-sm">
        {status}
      </div>
      {upload && upload.sent < upload.total && (
        <div className="mt-2 flex max-w-md flex-col gap-2 text-sm">
          <progress className="progress-bar" max={upload.total} value={upload.sent} aria-label="Upload of the archive" />
          <p data-testid="archive-upload-progress">
            {Math.floor((upload.sent / Math.max(1, upload.total)) * 100)} % sent ({megabytes(upload.sent)} of {megabytes(upload.total)})
          </p>
        </div>
      )}
      {summary && (
        <div className="mt-4" data-testid="import-preview">
          {/* Where it came from: only this site's key makes the signature (docs/archive-format.md). */}
          <p className={`mb-3 font-medium ${summary.origin === 'this-site' ? '' : 'text-danger'}`}>
            {summary.origin === 'this-site' ? 'Made by this site.' : 'From elsewhere — check before restoring.'}
          </p>
          {summary.dropped.length > 0 && (
            <div className="mb-4">
              <h3 className="font-medium">Left out of the import</h3>
              <p className="text-sm text-muted">
                An archive never brings a way in, and this site keeps its own security log.
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {summary.dropped.map((item) => (
                  <li
                    key={item.table}
                  >{`${item.table} (${item.rows} ${item.rows === 1 ? 'row' : 'rows'}): ${item.why}.`}</li>
                ))}
              </ul>
            </div>
          )}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the keyboard scrolls it when it is wider than the card (global.css: .table-scroll) */}
          <div className="table-scroll" role="region" aria-label="What the import would do, by table" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left font-medium">What the import would do</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-3">
                    Table
                  </th>
                  <th scope="col" className="pr-3">
                    Rows now (replaced)
                  </th>
                  <th scope="col">Rows in the archive</th>
                </tr>
              </thead>
              <tbody>
                {summary.tables.map((table) => (
                  <tr key={table.name}>
                    <th scope="row" className="pr-3">
                      {table.name}
                    </th>
                    <td className="pr-3">{table.current}</td>
                    <td>{table.archive}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* aria-disabled, not disabled: the button keeps focus while the request runs, and gets it back from the dialog. */}
          <button
            ref={replaceRef}
            type="button"
            className="btn-primary mt-4"
            aria-disabled={pending || undefined}
            onClick={() => void restore()}
          >
            Replace all data with this archive
          </button>
        </div>
      )}
      <StepUpDialog
        open={askStepUp}
        passkey={passkey}
        action="replace all data"
        kept="A browser cannot keep a chosen file across pages: back here after signing in another way, choose the archive again."
        onLeave={() => {}}
        // Nothing replaces all data without a second press (ADR 026): the owner sees the button again and presses it.
        onConfirmed={() => {
          setAskStepUp(false);
          setStatus('Thank you, it’s you. Press “Replace all data with this archive” again.');
          requestAnimationFrame(() => replaceRef.current?.focus());
        }}
        onCancel={() => setAskStepUp(false)}
      />
    </div>
  );
}
