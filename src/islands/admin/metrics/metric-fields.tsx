import { AGGREGATIONS, VISIBILITIES } from '#domain/shapes.ts';
import { ColorField } from '../ColorField.tsx';
import type { FieldsProps } from '../EntityForm.tsx';
import { Field } from '../Field.tsx';
import { IconField } from '../IconField.tsx';

/** A metric as the admin pages get it (dates as the JSON strings they travel as). */
export interface MetricItem {
  id: number;
  key: string;
  name: string;
  unit: string;
  icon: string;
  color: string;
  aggregation: (typeof AGGREGATIONS)[number];
  target: number | null;
  visibility: (typeof VISIBILITIES)[number];
  points: number;
  lastAt: string | null;
}

export interface MetricDraft {
  key: string;
  name: string;
  unit: string;
  icon: string;
  color: string;
  aggregation: string;
  target: string;
  visibility: string;
}

/** New metrics are the owner's alone until shared (issue 14). */
export const EMPTY_METRIC: MetricDraft = {
  key: '',
  name: '',
  unit: '',
  icon: 'TrendingUp',
  color: '#6fffe9',
  aggregation: 'sum',
  target: '',
  visibility: 'owner',
};

export const metricDraft = (metric: MetricItem): MetricDraft => ({
  key: metric.key,
  name: metric.name,
  unit: metric.unit,
  icon: metric.icon,
  color: metric.color,
  aggregation: metric.aggregation,
  target: metric.target === null ? '' : String(metric.target),
  visibility: metric.visibility,
});

/**
 * An empty target means none. Text that is not a number is passed on as text, so the shape answers
 * 'must be a number' (NaN would read as a missing value).
 */
const target = (text: string) => (text.trim() === '' ? null : numberOrText(text));

export function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

export const createPayload = ({ target: t, ...draft }: MetricDraft) => ({ ...draft, target: target(t) });
/** The key never changes once created, so an edit never sends it. */
export const updatePayload = ({ key: _key, target: t, ...draft }: MetricDraft) => ({ ...draft, target: target(t) });

export const AGGREGATION_LABELS: Record<string, string> = {
  sum: 'Sum',
  average: 'Average',
  last: 'Last value',
  count: 'Count of points',
};

export const VISIBILITY_LABELS: Record<string, string> = {
  public: 'Public',
  'signed-in': 'Signed-in people',
  owner: 'Owner only',
};

export function MetricFields({ draft, set, errors, creating }: FieldsProps<MetricDraft> & { creating: boolean }) {
  return (
    <>
      <Field name="name" label="Name" required error={errors.name}>
        {(control) => <input {...control} className="field" value={draft.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
      </Field>
      {creating ? (
        <Field name="key" label="Key" required error={errors.key} hint="Lowercase letters, digits and dashes, e.g. steps. It never changes once created.">
          {(control) => (
            <input {...control} className="field font-mono" value={draft.key} onChange={(e) => set('key', e.target.value)} autoComplete="off" spellCheck={false} />
          )}
        </Field>
      ) : (
        <Field label="Key" hint="Fixed once created: tokens and shortcuts name it.">
          {(control) => <input {...control} className="field font-mono" value={draft.key} readOnly />}
        </Field>
      )}
      <Field name="unit" label="Unit" error={errors.unit} hint="e.g. steps, h, kg. Optional.">
        {(control) => <input {...control} className="field" value={draft.unit} onChange={(e) => set('unit', e.target.value)} autoComplete="off" />}
      </Field>
      <IconField name="icon" value={draft.icon} color={draft.color} onChange={(value) => set('icon', value)} error={errors.icon} />
      <ColorField name="color" value={draft.color} onChange={(value) => set('color', value)} error={errors.color} />
      <Field name="aggregation" label="Aggregation" required error={errors.aggregation} hint="How a month's points become one number: their sum, average, last value or count.">
        {(control) => (
          <select {...control} className="field" value={draft.aggregation} onChange={(e) => set('aggregation', e.target.value)}>
            {AGGREGATIONS.map((value) => (
              <option key={value} value={value}>
                {AGGREGATION_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="target" label="Target" error={errors.target} hint="Optional goal per month, in the metric's unit.">
        {(control) => (
          <input {...control} className="field" inputMode="decimal" value={draft.target} onChange={(e) => set('target', e.target.value)} autoComplete="off" />
        )}
      </Field>
      <Field name="visibility" label="Visibility" required error={errors.visibility} hint="Public: visitors too. Signed-in: viewers and you. Owner only: just you.">
        {(control) => (
          <select {...control} className="field" value={draft.visibility} onChange={(e) => set('visibility', e.target.value)}>
            {VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {VISIBILITY_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

// One formatter per zone: building one costs far more than using it, and a page of points formats each.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date in the owner's time zone, as the admin reads it: 2026-03-01 (with the time when it is not noon). */
export function ownerDate(iso: string, zone: string, withTime = false): string {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}`;
  return withTime && time !== '12:00' ? `${date} ${time}` : date;
}
