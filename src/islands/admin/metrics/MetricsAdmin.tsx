import { useCallback, useRef, useState } from 'react';
import { metricCreate } from '#domain/shapes.ts';
import { apiGet, apiJson } from '#src/lib/api-client.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { EntityForm } from '../EntityForm.tsx';
import { describeFailure } from '../field-errors.ts';
import { useHydrated } from '../useHydrated.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { AGGREGATION_LABELS, EMPTY_METRIC, MetricFields, VISIBILITY_LABELS, createPayload, ownerDate, type MetricItem } from './metric-fields.tsx';

interface Props {
  metrics: MetricItem[];
  zone: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * /data-management/metrics: add a metric, see every metric with its point count and latest point, open one
 * to edit it and its points, delete one after a confirmation that says how many points go with it.
 */
export default function MetricsAdmin({ metrics: initial, zone }: Props) {
  const hydrated = useHydrated();
  const [metrics, setMetrics] = useState(initial);
  const [deleting, setDeleting] = useState<MetricItem | null>(null);
  const [pending, setPending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLeaveGuard(dirty);

  const refresh = useCallback(async () => {
    const fresh = await apiGet<MetricItem[]>('/api/metrics').catch(() => null);
    if (fresh) setMetrics(fresh);
  }, []);

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setPending(true);
    try {
      const answer = await apiJson<{ deletedPoints: number }>('DELETE', `/api/metrics/${target.key}`);
      setMetrics((current) => current.filter((metric) => metric.key !== target.key));
      toast({ title: 'Metric deleted successfully!', description: `${target.name} and ${plural(answer?.deletedPoints ?? 0, 'point', 'points')} were removed.` });
      headingRef.current?.focus();
    } catch (error) {
      toast({ title: 'Failed to delete metric', description: describeFailure(error), variant: 'destructive' });
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  return (
    <div data-hydrated={hydrated ? '' : undefined} className="grid gap-6">
      <section className="card max-w-3xl p-5 sm:p-6" aria-labelledby="metric-add-heading">
        <h2 id="metric-add-heading" className="mb-4 text-lg font-bold">
          Add a metric
        </h2>
        <EntityForm
          label="Add metric"
          initial={EMPTY_METRIC}
          resetTo={() => EMPTY_METRIC}
          toPayload={createPayload}
          shape={metricCreate}
          save={async (data) => {
            await apiJson('POST', '/api/metrics', data);
            await refresh();
          }}
          success="Metric created successfully!"
          failure="Failed to create metric"
          submitLabel="Create metric"
          pendingLabel="Creating..."
          onDirtyChange={setDirty}
          fields={(props) => <MetricFields {...props} creating />}
        />
      </section>

      <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="metric-list-heading">
        <h2 id="metric-list-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-bold">
          Metrics <span className="font-mono text-sm font-medium text-muted">({metrics.length})</span>
        </h2>
        {metrics.length === 0 ? (
          <p className="text-muted">No metrics yet. Add one to start logging data points.</p>
        ) : (
          // Focusable: when the table scrolls sideways, the keyboard scrolls it too (global.css: .table-scroll).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
          <div className="table-scroll" role="region" aria-label="Metrics table" tabIndex={0}>
            <table className="w-full text-left text-sm" data-list="metrics">
              <caption className="sr-only">Metrics, with their settings, point counts and latest point</caption>
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">Name</th>
                  <th scope="col" className="py-2 pr-3">Key</th>
                  <th scope="col" className="py-2 pr-3">Unit</th>
                  <th scope="col" className="py-2 pr-3">Aggregation</th>
                  <th scope="col" className="py-2 pr-3">Visibility</th>
                  <th scope="col" className="py-2 pr-3 text-right">Points</th>
                  <th scope="col" className="py-2 pr-3">Last point</th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {metrics.map((metric) => (
                  <tr key={metric.key} data-metric={metric.key}>
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      <a href={`/data-management/metrics/${metric.key}`} className="underline">
                        {metric.name}
                      </a>
                    </th>
                    <td className="py-2 pr-3 font-mono">{metric.key}</td>
                    <td className="py-2 pr-3">{metric.unit}</td>
                    <td className="py-2 pr-3">{AGGREGATION_LABELS[metric.aggregation]}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{VISIBILITY_LABELS[metric.visibility]}</td>
                    <td className="py-2 pr-3 text-right font-mono">{metric.points.toLocaleString('en-US')}</td>
                    <td className="py-2 pr-3 font-mono whitespace-nowrap">{metric.lastAt ? ownerDate(metric.lastAt, zone) : '—'}</td>
                    <td className="py-2">
                      <div className="flex justify-end gap-2">
                        <a href={`/data-management/metrics/${metric.key}`} className="btn-ghost min-h-9 px-3 py-1" aria-label={`Edit ${metric.name}`}>
                          Edit
                        </a>
                        <button type="button" className="btn-ghost min-h-9 px-3 py-1 text-danger" aria-label={`Delete ${metric.name}`} onClick={() => setDeleting(metric)}>
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this metric?"
        description={
          deleting
            ? `“${deleting.name}” will be removed for good, and ${plural(deleting.points, 'data point goes', 'data points go')} with it. KPIs and trends computed from it become hand-set. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={pending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
