import { useCallback, useState } from 'react';
import { metricUpdate } from '#domain/shapes.ts';
import { apiJson } from '#src/lib/api-client.ts';
import { chooseSources, PERSON_SOURCE, type SourceDayItem } from '#src/lib/source-days.ts';
import { EntityForm } from '../EntityForm.tsx';
import { Field } from '../Field.tsx';
import { useHydrated } from '../useHydrated.ts';
import { useDirtyForms } from '../useLeaveGuard.ts';

interface Props {
  metricKey: string;
  unit: string;
  /** The owner's order of device sources (the first wins a tie). */
  priority: string[];
  /** Every device source that wrote to this metric, most points first. */
  sources: string[];
  /** The latest days with points, newest first. */
  days: SourceDayItem[];
}

interface PriorityDraft {
  sourcePriority: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const pointsText = (points: number) => `${points.toLocaleString('en-US')} ${points === 1 ? 'point' : 'points'}`;

const named = (source: string) => (source === PERSON_SOURCE ? 'entered by hand' : source);

/**
 * Which source each recent day's value came from (one device per day, what a person entered always), and the
 * owner's order of preference for a tie between devices.
 */
export default function SourceDays({ metricKey, unit, priority: initialPriority, sources, days: initialDays }: Props) {
  const hydrated = useHydrated();
  const [priority, setPriority] = useState(initialPriority);
  const days = chooseSources(initialDays, priority);
  const { onDirtyChange } = useDirtyForms();
  const onPriorityDirty = useCallback((dirty: boolean) => onDirtyChange('priority', dirty), [onDirtyChange]);
  const listed = [...priority, ...sources.filter((source) => !priority.includes(source))];
  const amount = (total: number) => `${total.toLocaleString('en-US', { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="sources-heading" data-section="sources" data-hydrated={hydrated ? '' : undefined}>
      <h2 id="sources-heading" className="mb-2 text-lg font-bold">
        Sources by day
      </h2>
      <p className="mb-4 text-sm text-muted">
        When several devices report the same day, the one with the most points counts and the others are kept but
        not added. Points entered by hand always count.
      </p>
      {days.length === 0 ? (
        <p className="text-muted">No points yet.</p>
      ) : (
        <ul className="mb-6 divide-y divide-line" data-list="source-days">
          {days.map(({ day, sources: daySources }) => (
            <li key={day} className="py-2" data-day={day}>
              <p className="font-mono text-sm font-semibold">{day}</p>
              <p className="text-sm break-words" data-counted>
                Counted:{' '}
                {daySources
                  .filter((s) => s.counted)
                  .map((s) => `${named(s.source)} (${pointsText(s.points)}, ${amount(s.total)})`)
                  .join('; ')}
              </p>
              {daySources.some((s) => !s.counted) && (
                <p className="text-sm break-words text-muted" data-set-aside>
                  Set aside:{' '}
                  {daySources
                    .filter((s) => !s.counted)
                    .map((s) => `${s.source} (${pointsText(s.points)})`)
                    .join('; ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mb-3 font-semibold">Order of preference</h3>
      <EntityForm<PriorityDraft>
        label="Order of preference for sources"
        initial={{ sourcePriority: listed.join('\n') }}
        toPayload={(draft) => ({ sourcePriority: lines(draft.sourcePriority) })}
        shape={metricUpdate}
        save={async (data) => {
          await apiJson('PATCH', `/api/metrics/${metricKey}`, data);
          setPriority((data as { sourcePriority: string[] }).sourcePriority);
        }}
        success="Order of preference saved!"
        failure="Failed to save the order of preference"
        submitLabel="Save order"
        pendingLabel="Saving..."
        onDirtyChange={onPriorityDirty}
        fields={({ draft, set, errors }) => (
          <Field
            name="sourcePriority"
            label="Sources, most preferred first"
            error={errors.sourcePriority}
            hint="One source name per line. Used only when two devices report a day with as many points."
            className="sm:col-span-2"
          >
            {(control) => (
              <textarea
                {...control}
                className="field font-mono"
                rows={Math.max(3, listed.length + 1)}
                value={draft.sourcePriority}
                onChange={(e) => set('sourcePriority', e.target.value)}
                autoComplete="off"
              />
            )}
          </Field>
        )}
      />
    </section>
  );
}
