import { trendCreate, trendUpdate } from '#domain/shapes.ts';
import type { trends } from '#api/db/schema.ts';
import { EMPTY_TREND, trendDraft, trendPayload, type TrendDraft } from '#src/lib/admin-drafts.ts';
import { ColorField } from './ColorField.tsx';
import type { EntityConfig } from './EntityPanel.tsx';
import type { FieldsProps } from './EntityForm.tsx';
import { Field } from './Field.tsx';
import { Swatch } from './marks.tsx';
import { VISIBILITY_LABELS, VisibilityField } from './VisibilityField.tsx';

export type TrendRow = Omit<typeof trends.$inferSelect, 'createdAt' | 'updatedAt'>;
/** What the trend form needs to know of a metric. */
export interface MetricChoice {
  id: number;
  name: string;
  unit: string;
}

function TrendFields({ draft, set, errors, metrics }: FieldsProps<TrendDraft> & { metrics: readonly MetricChoice[] }) {
  const byMetric = draft.source === 'metric';
  return (
    <>
      <Field name="name" label="Name" required error={errors.name}>
        {(control) => <input {...control} className="field" value={draft.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="unit" label="Unit" error={errors.unit} hint="Shown on the card, e.g. hours.">
        {(control) => <input {...control} className="field" value={draft.unit} onChange={(e) => set('unit', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="description" label="Description" error={errors.description} className="sm:col-span-2">
        {(control) => <textarea {...control} className="field" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">Where the values come from</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="source" value="hand" checked={!byMetric} onChange={() => set('source', 'hand')} />
            Typed by hand
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="source" value="metric" checked={byMetric} onChange={() => set('source', 'metric')} />
            From a metric (twelve months, or all time)
          </label>
        </div>
      </fieldset>
      {byMetric ? (
        <Field name="metricId" label="Metric" required error={errors.metricId} className="sm:col-span-2" hint={metrics.length === 0 ? 'No metrics yet: add one under Metrics first.' : 'Its points are added up per month.'}>
          {(control) => (
            <select {...control} className="field" value={draft.metricId} onChange={(e) => set('metricId', e.target.value)}>
              <option value="">Choose a metric</option>
              {metrics.map((metric) => (
                <option key={metric.id} value={String(metric.id)}>
                  {metric.name}
                  {metric.unit ? ` (${metric.unit})` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <>
          <Field name="dataInput" label="Values" required error={errors.data} hint="Comma-separated numbers, e.g. 12, 15, 9." className="sm:col-span-2">
            {(control) => <input {...control} className="field font-mono" value={draft.dataInput} onChange={(e) => set('dataInput', e.target.value)} autoComplete="off" />}
          </Field>
          <Field name="labelsInput" label="Labels" error={errors.labels} hint="One per value, comma-separated, e.g. Jan, Feb, Mar." className="sm:col-span-2">
            {(control) => <input {...control} className="field" value={draft.labelsInput} onChange={(e) => set('labelsInput', e.target.value)} autoComplete="off" />}
          </Field>
        </>
      )}
      <Field name="change" label="Change" error={errors.change} hint="Optional caption, e.g. +8 % this year.">
        {(control) => <input {...control} className="field" value={draft.change} onChange={(e) => set('change', e.target.value)} autoComplete="off" />}
      </Field>
      <ColorField name="color" value={draft.color} onChange={(value) => set('color', value)} error={errors.color} />
      <VisibilityField name="visibility" value={draft.visibility} onChange={(value) => set('visibility', value)} error={errors.visibility} />
    </>
  );
}

function TrendSummary({ trend, metrics }: { trend: TrendRow; metrics: readonly MetricChoice[] }) {
  const metric = metrics.find((m) => m.id === trend.metricId);
  return (
    <article aria-label={trend.name} className="flex items-start gap-3">
      <span className="mt-1.5">
        <Swatch color={trend.color} />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold break-words">{trend.name}</h3>
        {trend.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{trend.description}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
          <span className="chip" data-trend-source>{metric ? `From ${metric.name}` : trend.metricId !== null ? 'From a metric' : `${trend.data.length} values typed`}</span>
          <span className="text-muted" data-trend-visibility>{VISIBILITY_LABELS[trend.visibility as keyof typeof VISIBILITY_LABELS] ?? trend.visibility}</span>
          {trend.unit && <span className="text-muted">{trend.unit}</span>}
        </div>
      </div>
    </article>
  );
}

export function trendConfig(metrics: readonly MetricChoice[]): EntityConfig<TrendRow, TrendDraft> {
  return {
    key: 'trends',
    noun: 'Trend',
    nounInSentence: 'trend',
    endpoint: '/api/trends',
    createShape: trendCreate,
    updateShape: trendUpdate,
    emptyDraft: () => EMPTY_TREND,
    toDraft: trendDraft,
    toPayload: trendPayload,
    fields: (props) => <TrendFields {...props} metrics={metrics} />,
    row: (trend) => <TrendSummary trend={trend} metrics={metrics} />,
    itemName: (trend) => trend.name,
    createLabel: 'Create Trend',
    listHeading: 'Trends',
    emptyList: 'No trends yet. Add the first one with the form.',
  };
}
