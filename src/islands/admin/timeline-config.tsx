import { timelineCreate, timelineUpdate } from '#domain/shapes.ts';
import type { timelineEvents } from '#api/db/schema.ts';
import { emptyTimeline, timelineDraft, timelinePayload, type TimelineDraft } from '#src/lib/form-conversions.ts';
import { formatLocalDate } from '#src/lib/project-display.ts';
import { CategoryField } from './CategoryField.tsx';
import { ColorField } from './ColorField.tsx';
import type { EntityConfig } from './EntityPanel.tsx';
import type { FieldsProps } from './EntityForm.tsx';
import { Field } from './Field.tsx';
import { Swatch } from './marks.tsx';

export type TimelineItem = Omit<typeof timelineEvents.$inferSelect, 'createdAt'>;

function TimelineFields({ draft, set, errors, items }: FieldsProps<TimelineDraft> & { items: readonly TimelineItem[] }) {
  return (
    <>
      <Field name="date" label="Date" required error={errors.date}>
        {(control) => <input {...control} className="field" type="date" value={draft.date} onChange={(e) => set('date', e.target.value)} />}
      </Field>
      <Field name="title" label="Title" required error={errors.title}>
        {(control) => <input {...control} className="field" value={draft.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="description" label="Description" error={errors.description} className="sm:col-span-2">
        {(control) => <textarea {...control} className="field" rows={3} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <CategoryField name="category" value={draft.category} onChange={(value) => set('category', value)} error={errors.category} suggestions={items.map((event) => event.category)} />
      <ColorField name="color" value={draft.color} onChange={(value) => set('color', value)} error={errors.color} />
      <Field name="tagsInput" label="Tags" error={errors.tags} hint="Comma-separated, e.g. career, studio." className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.tagsInput} onChange={(e) => set('tagsInput', e.target.value)} autoComplete="off" />}
      </Field>
    </>
  );
}

function TimelineRow({ event }: { event: TimelineItem }) {
  return (
    <article aria-label={event.title} className="flex items-start gap-3">
      <span className="mt-1.5">
        <Swatch color={event.color} />
      </span>
      <div className="min-w-0">
        <p className="font-mono text-xs text-muted">
          <time dateTime={event.date}>{formatLocalDate(event.date, 'en-US') ?? event.date}</time>
        </p>
        <h3 className="font-semibold break-words">{event.title}</h3>
        {event.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{event.description}</p>}
        <div className="mt-2 flex flex-wrap gap-2 text-xs">
          <span className="chip">{event.category}</span>
          {event.tags.map((tag) => (
            <span key={tag} className="text-muted">
              #{tag}
            </span>
          ))}
        </div>
      </div>
    </article>
  );
}

export const timelineConfig: EntityConfig<TimelineItem, TimelineDraft> = {
  key: 'timeline',
  noun: 'Timeline event',
  nounInSentence: 'timeline event',
  endpoint: '/api/timeline',
  createShape: timelineCreate,
  updateShape: timelineUpdate,
  emptyDraft: () => emptyTimeline(),
  toDraft: timelineDraft,
  toPayload: timelinePayload,
  fields: (props) => <TimelineFields {...props} />,
  row: (event) => <TimelineRow event={event} />,
  itemName: (event) => event.title,
  createLabel: 'Create Event',
  listHeading: 'Timeline events',
  emptyList: 'No timeline events yet. Add the first one with the form.',
};
