import { useCallback, useState } from 'react';
import type { GoalStanding } from '#api/services/goals.ts';
import { metricGoalSave } from '#domain/shapes.ts';
import { GOALS } from '#domain/vocabulary.ts';
import { apiJson } from '#src/lib/api-client.ts';
import { nextGoalWords, streakWords } from '#src/lib/goal-display.ts';
import { EntityForm } from '../EntityForm.tsx';
import { Field } from '../Field.tsx';
import { useHydrated } from '../useHydrated.ts';
import { useDirtyForms } from '../useLeaveGuard.ts';

interface Props {
  metricKey: string;
  unit: string;
  standing: GoalStanding | null;
}

interface GoalDraft {
  period: string;
  kind: string;
  amount: string;
  restDays: string;
}

const draftOf = (standing: GoalStanding | null): GoalDraft => ({
  period: standing?.period ?? 'day',
  kind: standing?.kind ?? 'fixed',
  amount: standing?.amount === null || standing?.amount === undefined ? '' : String(standing.amount),
  restDays: String(standing?.restDays ?? 0),
});

const number = (text: string) => (text.trim() === '' ? null : Number(text));

/** A metric's goal (daily or weekly, fixed or adaptive, with rest days) and its streak in words. */
export default function GoalCard({ metricKey, unit, standing: initial }: Props) {
  const hydrated = useHydrated();
  const [standing, setStanding] = useState(initial);
  const { onDirtyChange } = useDirtyForms();
  const onGoalDirty = useCallback((dirty: boolean) => onDirtyChange('goal', dirty), [onDirtyChange]);

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="goal-heading" data-section="goal" data-hydrated={hydrated ? '' : undefined}>
      <h2 id="goal-heading" className="mb-2 text-lg font-bold">
        Goal and streak
      </h2>
      <div role="status" className="mb-4" data-goal-words>
        {standing ? (
          <>
            <p className="font-semibold">{streakWords(standing)}</p>
            <p className="text-sm">{nextGoalWords(standing, unit)}</p>
          </>
        ) : (
          <p className="text-sm text-muted">No goal yet. Set one below: a streak starts with the first day that meets it.</p>
        )}
      </div>
      <EntityForm<GoalDraft>
        label="Goal"
        initial={draftOf(initial)}
        toPayload={(draft) => ({ period: draft.period, kind: draft.kind, amount: draft.kind === 'fixed' ? number(draft.amount) : null, restDays: draft.period === 'day' ? (number(draft.restDays) ?? 0) : 0 })}
        shape={metricGoalSave}
        save={async (data) => setStanding(await apiJson<GoalStanding>('PUT', `/api/metrics/${metricKey}/goal`, data))}
        success="Goal saved!"
        failure="Failed to save the goal"
        submitLabel="Save goal"
        pendingLabel="Saving..."
        onDirtyChange={onGoalDirty}
        fields={({ draft, set, errors }) => (
          <>
            <Field name="period" label="Every" error={errors.period}>
              {(control) => (
                <select {...control} className="field" value={draft.period} onChange={(e) => set('period', e.target.value)}>
                  <option value="day">Day</option>
                  <option value="week">Week (Monday to Sunday)</option>
                </select>
              )}
            </Field>
            <Field name="kind" label="Kind of goal" error={errors.kind}>
              {(control) => (
                <select {...control} className="field" value={draft.kind} onChange={(e) => set('kind', e.target.value)}>
                  <option value="fixed">A fixed amount</option>
                  <option value="adaptive">Adaptive: my average over the last {GOALS.adaptiveWeeks} weeks</option>
                </select>
              )}
            </Field>
            {draft.kind === 'fixed' && (
              <Field name="amount" label={`Amount${unit ? ` (${unit})` : ''}`} error={errors.amount} required>
                {(control) => <input {...control} className="field" inputMode="decimal" value={draft.amount} onChange={(e) => set('amount', e.target.value)} autoComplete="off" />}
              </Field>
            )}
            {draft.period === 'day' && (
              <Field name="restDays" label="Rest days a week" error={errors.restDays} hint="Days a week you may miss without ending the streak (0 to 6).">
                {(control) => (
                  <input {...control} className="field" type="number" min={0} max={GOALS.maxRestDays} step={1} inputMode="numeric" value={draft.restDays} onChange={(e) => set('restDays', e.target.value)} />
                )}
              </Field>
            )}
          </>
        )}
      />
    </section>
  );
}
