import { useState } from 'react';
import { activityCreate, activityUpdate } from '#domain/shapes.ts';
import type { currentActivities } from '#api/db/schema.ts';
import { apiJson } from '#src/lib/api-client.ts';
import { activityDraft, activityPayload, EMPTY_ACTIVITY, type ActivityDraft } from '#src/lib/admin-drafts.ts';
import { toast } from '#src/stores/toast.ts';
import type { EntityConfig } from './EntityPanel.tsx';
import type { FieldsProps } from './EntityForm.tsx';
import { Field } from './Field.tsx';
import { describeFailure } from './field-errors.ts';

export type ActivityRow = Omit<typeof currentActivities.$inferSelect, 'updatedAt'>;

/** SPEC: the activity whose type is 'focus' is the one the hero pill shows. */
const FOCUS = 'focus';

function ActivityFields({ draft, set, errors }: FieldsProps<ActivityDraft>) {
  return (
    <>
      <Field name="title" label="Title" required error={errors.title} className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="type" label="Type" required error={errors.type} hint="e.g. learning, wellbeing. 'focus' is the one on the dashboard pill.">
        {(control) => <input {...control} className="field" value={draft.type} onChange={(e) => set('type', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="progress" label="Progress" error={errors.progress} hint="Percent, 0 to 100.">
        {(control) => (
          <input {...control} className="field" type="number" inputMode="numeric" min={0} max={100} step={1} value={draft.progress} onChange={(e) => set('progress', e.target.value)} />
        )}
      </Field>
      <Field name="subtitle" label="Subtitle" error={errors.subtitle} className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.subtitle} onChange={(e) => set('subtitle', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="description" label="Description" error={errors.description} className="sm:col-span-2">
        {(control) => <textarea {...control} className="field" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
    </>
  );
}

function ActivitySummary({ item }: { item: ActivityRow }) {
  const isFocus = item.type === FOCUS;
  return (
    <article aria-label={item.title} className="min-w-0" data-focus={isFocus ? '' : undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold break-words">{item.title}</h3>
        {isFocus ? <span className="chip font-semibold">The focus: on the dashboard pill</span> : <span className="chip">{item.type}</span>}
      </div>
      {item.subtitle && <p className="text-sm text-muted">{item.subtitle}</p>}
      <p className="mt-1 font-mono text-xs text-muted">{item.progress} % done</p>
    </article>
  );
}

/** One action: this item becomes the focus, the previous focus steps down (POST …/focus does both at once). */
function MakeFocusButton({ item, reload }: { item: ActivityRow; reload: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  if (item.type === FOCUS) return null;
  async function makeFocus() {
    if (pending) return;
    setPending(true);
    try {
      await apiJson('POST', `/api/current-activity/${item.id}/focus`);
      await reload();
      toast({ title: 'Focus changed', description: `The dashboard pill now shows “${item.title}”.` });
    } catch (error) {
      toast({ title: 'Failed to change the focus', description: describeFailure(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }
  return (
    // The visible words start the accessible name (WCAG 2.5.3); the item's title tells the rows apart.
    <button type="button" className="btn-primary min-h-9 px-3 py-1" aria-label={`Make focus: ${item.title}`} aria-disabled={pending || undefined} onClick={makeFocus}>
      {pending ? 'Switching...' : 'Make focus'}
    </button>
  );
}

export const activityConfig: EntityConfig<ActivityRow, ActivityDraft> = {
  key: 'activities',
  noun: 'Activity',
  nounInSentence: 'activity',
  endpoint: '/api/current-activity',
  createShape: activityCreate,
  updateShape: activityUpdate,
  emptyDraft: () => EMPTY_ACTIVITY,
  toDraft: activityDraft,
  toPayload: activityPayload,
  fields: (props) => <ActivityFields {...props} />,
  row: (item) => <ActivitySummary item={item} />,
  itemName: (item) => item.title,
  createLabel: 'Create Activity',
  listHeading: 'Current activities',
  emptyList: 'No activities yet. Add the first one with the form.',
  rowActions: (item, { reload }) => <MakeFocusButton item={item} reload={reload} />,
};
