import { useCallback, useEffect, useRef, useState } from 'react';
import { metricUpdate, pointInput, pointUpdate } from '#domain/shapes.ts';
import { apiGet, apiJson, apiRequest } from '#src/lib/api-client.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { EntityForm } from '../EntityForm.tsx';
import { Field } from '../Field.tsx';
import { describeFailure } from '../field-errors.ts';
import { useHydrated } from '../useHydrated.ts';
import { useDirtyForms } from '../useLeaveGuard.ts';
import { MetricFields, metricDraft, numberOrText, ownerDate, updatePayload, type MetricItem } from './metric-fields.tsx';

export interface PointItem {
  id: number;
  at: string;
  value: number;
  note: string | null;
  /** Who wrote it: 'manual' for a person, else a device. */
  source?: string;
}

interface Props {
  metric: MetricItem;
  zone: string;
  /** Today in the owner's time zone (yyyy-mm-dd): the new point's default date. */
  today: string;
  /** The newest points, as the server rendered them. */
  points: PointItem[];
  total: number;
}

/** Points per page of the list; newest first. */
export const PAGE_SIZE = 50;

interface PointDraft {
  at: string;
  value: string;
  note: string;
}


/**
 * /data-management/metrics/{key}: the metric's settings, a form to add a point, and its points by date
 * (newest first, a page at a time), each editable in place or deletable after a confirmation.
 */
export default function MetricDetail({ metric: initial, zone, today, points: firstPage, total: firstTotal }: Props) {
  const hydrated = useHydrated();
  const [metric, setMetric] = useState(initial);
  const [points, setPoints] = useState(firstPage);
  const [total, setTotal] = useState(firstTotal);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PointItem | null>(null);
  const [pending, setPending] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const { onDirtyChange } = useDirtyForms();
  const onSettingsDirty = useCallback((dirty: boolean) => onDirtyChange('settings', dirty), [onDirtyChange]);
  const onPointDirty = useCallback((dirty: boolean) => onDirtyChange('point', dirty), [onDirtyChange]);
  const onEditDirty = useCallback((dirty: boolean) => onDirtyChange('edit', dirty), [onDirtyChange]);

  const base = `/api/metrics/${metric.key}`;
  const load = useCallback(
    async (to: number) => {
      const answer = await apiGet<{ points: PointItem[]; total: number }>(`${base}/points?limit=${PAGE_SIZE}&offset=${to * PAGE_SIZE}`).catch((error: unknown) => {
        toast({ title: 'Failed to load points', description: describeFailure(error), variant: 'destructive' });
        return null;
      });
      if (!answer) return;
      setPoints(answer.points);
      setTotal(answer.total);
      setPage(to);
    },
    [base],
  );

  // A page left empty by a delete shows the page before it.
  useEffect(() => {
    if (points.length === 0 && page > 0) void load(page - 1);
  }, [points.length, page, load]);

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setPending(true);
    try {
      await apiRequest('DELETE', `${base}/points/${target.id}`);
      await load(page);
      toast({ title: 'Point deleted successfully!' });
      listHeading.current?.focus();
    } catch (error) {
      toast({ title: 'Failed to delete point', description: describeFailure(error), variant: 'destructive' });
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + points.length;
  const unit = metric.unit ? ` ${metric.unit}` : '';

  return (
    <div data-hydrated={hydrated ? '' : undefined} className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="grid gap-6">
        <section className="card p-5 sm:p-6" aria-labelledby="metric-settings-heading">
          <h2 id="metric-settings-heading" className="mb-4 text-lg font-bold">
            Settings
          </h2>
          <EntityForm
            label={`Edit ${metric.name}`}
            initial={metricDraft(metric)}
            toPayload={updatePayload}
            shape={metricUpdate}
            save={async (data) => {
              const updated = await apiJson<MetricItem>('PATCH', base, data);
              if (updated) setMetric((current) => ({ ...current, ...updated }));
            }}
            success="Metric updated successfully!"
            failure="Failed to update metric"
            submitLabel="Save changes"
            pendingLabel="Saving..."
            onDirtyChange={onSettingsDirty}
            fields={(props) => <MetricFields {...props} creating={false} />}
          />
        </section>

        <section className="card p-5 sm:p-6" aria-labelledby="point-add-heading">
          <h2 id="point-add-heading" className="mb-4 text-lg font-bold">
            Add a point
          </h2>
          <EntityForm<PointDraft>
            label="Add point"
            initial={{ at: today, value: '', note: '' }}
            resetTo={() => ({ at: today, value: '', note: '' })}
            toPayload={(draft) => ({ at: draft.at, value: numberOrText(draft.value), note: draft.note.trim() || null })}
            shape={pointInput}
            save={async (data) => {
              // The admin's write path: the cookie-session import endpoint, one row; a date that has a point updates it.
              await apiJson('POST', `${base}/points/import`, [data]);
              await load(0);
            }}
            success="Point added successfully!"
            failure="Failed to add point"
            submitLabel="Add point"
            pendingLabel="Adding..."
            onDirtyChange={onPointDirty}
            fields={(props) => <PointFields {...props} unit={metric.unit} />}
          />
          <p className="mt-4 text-sm text-muted">
            A date that already has a point updates it. Many points at once:{' '}
            <a href={`/data-management/metrics/${metric.key}/import`} className="underline">
              import a CSV file
            </a>
            .
          </p>
        </section>
      </div>

      <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="point-list-heading">
        <h2 id="point-list-heading" ref={listHeading} tabIndex={-1} className="mb-4 text-lg font-bold">
          Points <span className="font-mono text-sm font-medium text-muted">({total.toLocaleString('en-US')})</span>
        </h2>
        {total === 0 ? (
          <p className="text-muted">No points yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-line" data-list="points">
              {points.map((point) => (
                <li key={point.id} className="py-1.5" data-point={point.id}>
                  {editing === point.id ? (
                    <div className="rounded-xl border border-line bg-surface-2 p-4">
                      <h3 className="mb-3 font-semibold">Edit the point of {ownerDate(point.at, zone, true)}</h3>
                      <EntityForm<PointDraft>
                        label={`Edit the point of ${ownerDate(point.at, zone, true)}`}
                        initial={{ at: ownerDate(point.at, zone), value: String(point.value), note: point.note ?? '' }}
                        toPayload={(draft) => ({
                          // The date is sent only when it changed, so a point logged at 07:30 keeps its time.
                          ...(draft.at === ownerDate(point.at, zone) ? {} : { at: draft.at }),
                          value: numberOrText(draft.value),
                          note: draft.note.trim() || null,
                        })}
                        shape={pointUpdate}
                        save={async (data) => {
                          await apiJson('PATCH', `${base}/points/${point.id}`, data);
                          await load(page);
                          setEditing(null);
                        }}
                        success="Point updated successfully!"
                        failure="Failed to update point"
                        submitLabel="Save changes"
                        pendingLabel="Saving..."
                        onCancel={() => setEditing(null)}
                        onDirtyChange={onEditDirty}
                        fields={(props) => <PointFields {...props} unit={metric.unit} />}
                      />
                    </div>
                  ) : (
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      {/* Keeps 12rem (growing with the text size) beside the buttons, or they wrap below it. */}
                      <div className="flex min-w-0 flex-[1_1_12rem] flex-wrap items-baseline gap-x-4">
                        <span className="font-mono text-sm text-muted">{ownerDate(point.at, zone, true)}</span>
                        <span className="font-mono font-bold">
                          {point.value.toLocaleString('en-US')}
                          {unit && <span className="ml-1 text-sm font-medium text-muted">{unit}</span>}
                        </span>
                        {point.note && <span className="text-sm break-words">{point.note}</span>}
                        {point.source && point.source !== 'manual' && <span className="text-sm text-muted break-words">from {point.source}</span>}
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <button type="button" className="btn-ghost min-h-9 px-3 py-1" aria-label={`Edit the point of ${ownerDate(point.at, zone, true)}`} onClick={() => setEditing(point.id)}>
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn-ghost min-h-9 px-3 py-1 text-danger"
                          aria-label={`Delete the point of ${ownerDate(point.at, zone, true)}`}
                          onClick={() => setDeleting(point)}
                        >
                          Delete
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <nav aria-label="Pages of points" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
              <button type="button" className="btn-ghost min-h-9 px-3 py-1" disabled={page === 0} onClick={() => void load(page - 1)}>
                Newer
              </button>
              <span aria-live="polite">
                {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')} (page {page + 1} of {pages})
              </span>
              <button type="button" className="btn-ghost min-h-9 px-3 py-1" disabled={page + 1 >= pages} onClick={() => void load(page + 1)}>
                Older
              </button>
            </nav>
          </>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this point?"
        description={deleting ? `The point of ${ownerDate(deleting.at, zone, true)} (${deleting.value.toLocaleString('en-US')}${unit}) will be removed for good. This cannot be undone.` : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={pending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function PointFields({ draft, set, errors, unit }: { draft: PointDraft; set: <K extends keyof PointDraft>(key: K, value: PointDraft[K]) => void; errors: Record<string, string>; unit: string }) {
  return (
    <>
      <Field name="at" label="Date" required error={errors.at} hint="In the owner's time zone.">
        {(control) => <input {...control} type="date" className="field" value={draft.at} onChange={(e) => set('at', e.target.value)} />}
      </Field>
      <Field name="value" label="Value" required error={errors.value} hint={unit ? `In ${unit}.` : undefined}>
        {(control) => <input {...control} className="field font-mono" inputMode="decimal" value={draft.value} onChange={(e) => set('value', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="note" label="Note" error={errors.note} className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.note} onChange={(e) => set('note', e.target.value)} autoComplete="off" />}
      </Field>
    </>
  );
}
