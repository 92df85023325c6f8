import { Plus, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { projectCreate } from '#domain/shapes.ts';
import { apiJson } from '#src/lib/api-client.ts';
import { BLANK_IMPORT_ROW, hasName, importPayload, type ImportRow } from '#src/lib/form-conversions.ts';
import { toast } from '#src/stores/toast.ts';
import { describeFailure, serverFieldErrors, validate, type FieldErrors } from './field-errors.ts';
import { ProjectFields } from './project-config.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { useHydrated } from './useHydrated.ts';
import { mergeEarly, useEarlyInput, type EarlyValues } from '../early-input.ts';

interface Row {
  key: number;
  draft: ImportRow;
  errors: FieldErrors;
  /** Why this row was not imported last time, if it was not. */
  failure?: string;
}

const drafts = (rows: readonly Row[]) => JSON.stringify(rows.map((row) => row.draft));

/**
 * Quick Project Import (SPEC §2): editable rows, one POST per named row, all in parallel. Rows that
 * were imported leave the list; rows that were not stay, with the reason beside them, so nothing is
 * imported twice and nothing typed is lost.
 */
export default function BulkImport({ samples }: { samples: ImportRow[] }) {
  // Keys count per page, not per server process, so the server's HTML and the browser's agree.
  const keys = useRef(0);
  const newRow = (draft: ImportRow = BLANK_IMPORT_ROW): Row => ({ key: ++keys.current, draft, errors: {} });
  const [rows, setRows] = useState<Row[]>(() => samples.map((sample) => newRow(sample)));
  const [saved, setSaved] = useState(() => drafts(rows));
  const [importing, setImporting] = useState(false);
  const [focusKey, setFocusKey] = useState<{ key: number; selector: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const dirty = drafts(rows) !== saved;
  const named = rows.filter((row) => hasName(row.draft)).length;
  const canImport = !importing && named > 0;

  useLeaveGuard(dirty);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!focusKey) return;
    listRef.current?.querySelector<HTMLElement>(`[data-row="${focusKey.key}"] ${focusKey.selector}`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const update = (key: number, change: (row: Row) => Row) => setRows((current) => current.map((row) => (row.key === key ? change(row) : row)));

  function addRow() {
    const row = newRow();
    setRows((current) => [...current, row]);
    setFocusKey({ key: row.key, selector: 'input' });
  }

  function removeRow(key: number) {
    if (rows.length <= 1) return;
    const index = rows.findIndex((row) => row.key === key);
    const remaining = rows.filter((row) => row.key !== key);
    setRows(remaining);
    // Focus goes to the next row's remove button (or the previous one's), never lost to the page.
    const neighbour = remaining[Math.min(index, remaining.length - 1)];
    if (neighbour) setFocusKey({ key: neighbour.key, selector: '[data-remove]' });
  }

  async function importAll() {
    if (!canImport) return;
    const candidates = rows.filter((row) => hasName(row.draft));
    const checked = candidates.map((row) => ({ row, result: validate(projectCreate, importPayload(row.draft)) }));
    setImporting(true);
    const outcomes = await Promise.all(
      checked.map(async ({ row, result }): Promise<{ key: number; ok: boolean; errors: FieldErrors; failure?: string }> => {
        if (!result.ok) return { key: row.key, ok: false, errors: result.errors, failure: 'Not imported: fix the fields marked below.' };
        try {
          await apiJson('POST', '/api/projects', result.data);
          return { key: row.key, ok: true, errors: {} };
        } catch (error) {
          const errors = serverFieldErrors(error) ?? {};
          return { key: row.key, ok: false, errors, failure: `Not imported: ${describeFailure(error)}` };
        }
      }),
    );
    setImporting(false);

    const imported = outcomes.filter((outcome) => outcome.ok).length;
    if (imported === outcomes.length) {
      toast({ title: 'Projects imported successfully!', description: `${imported} ${imported === 1 ? 'project was' : 'projects were'} added.` });
      const fresh = [newRow()];
      setRows(fresh);
      setSaved(drafts(fresh));
      setFocusKey({ key: fresh[0]!.key, selector: 'input' });
      return;
    }
    const failedByKey = new Map(outcomes.filter((outcome) => !outcome.ok).map((outcome) => [outcome.key, outcome]));
    const importedKeys = new Set(outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.key));
    const remaining = rows
      .filter((row) => !importedKeys.has(row.key))
      .map((row) => {
        const failed = failedByKey.get(row.key);
        return failed ? { ...row, errors: failed.errors, failure: failed.failure } : row;
      });
    setRows(remaining);
    const failed = outcomes.length - imported;
    toast({
      title: 'Failed to import projects',
      description:
        imported > 0
          ? `${imported} of ${outcomes.length} projects were imported. The ${failed === 1 ? 'one that was' : `${failed} that were`} not imported ${failed === 1 ? 'is' : 'are'} still listed with the reason.`
          : 'None of the projects were imported; the reasons are shown beside them.',
      variant: 'destructive',
    });
    const first = remaining.find((row) => failedByKey.has(row.key));
    if (first) setFocusKey({ key: first.key, selector: '[aria-invalid="true"], [data-row-failure]' });
  }

  return (
    <section aria-labelledby="import-rows-heading" data-hydrated={hydrated ? '' : undefined}>
      <h2 id="import-rows-heading" className="sr-only">
        Projects to import
      </h2>
      <ol ref={listRef} className="grid gap-5">
        {rows.map((row, index) => (
          <RowItem
            key={row.key}
            data-row={row.key}
            className="card p-5 sm:p-6"
            take={(values) => update(row.key, (current) => ({ ...current, draft: mergeEarly(current.draft, values) }))}
          >
            <div className="mb-4 flex items-center justify-between gap-3">
              <h3 id={`row-${row.key}-heading`} className="font-bold">
                Project {index + 1}
                {hasName(row.draft) && <span className="font-normal text-muted">: {row.draft.name}</span>}
              </h3>
              <button
                type="button"
                className="btn-ghost min-h-9 px-3 py-1"
                data-remove
                aria-label={`Remove project ${index + 1}`}
                disabled={rows.length <= 1 || importing}
                onClick={() => removeRow(row.key)}
              >
                <Trash2 aria-hidden="true" size={16} />
                Remove
              </button>
            </div>
            {row.failure && (
              <p data-row-failure tabIndex={-1} className="mb-4 rounded-lg border border-danger px-3 py-2 text-sm font-medium text-danger">
                {row.failure}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <ProjectFields
                hints={false}
                draft={row.draft}
                errors={row.errors}
                set={(field, value) => update(row.key, (current) => ({ ...current, draft: { ...current.draft, [field]: value } }))}
              />
            </div>
          </RowItem>
        ))}
      </ol>
      {/* The actions stay in reach at the bottom of the screen however long the list gets. */}
      <div className="z-10 mt-6 sm:sticky sm:bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-bg/95 py-3 backdrop-blur">
        <button type="button" className="btn-ghost" onClick={addRow} disabled={importing}>
          <Plus aria-hidden="true" size={16} />
          Add Another Project
        </button>
        <button type="button" className="btn-primary" onClick={importAll} disabled={!canImport}>
          <Upload aria-hidden="true" size={16} />
          {importing ? 'Importing...' : 'Import All Projects'}
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          {named} of {rows.length} {rows.length === 1 ? 'row' : 'rows'} {named === 1 ? 'has' : 'have'} a name and will be imported.
        </p>
      </div>
    </section>
  );
}

/** A row whose fields keep what was typed into them before the island hydrated. */
function RowItem({ take, children, ...props }: ComponentProps<'li'> & { take: (values: EarlyValues) => void }) {
  const early = useEarlyInput(take);
  return (
    <li {...props} {...early}>
      {children}
    </li>
  );
}
