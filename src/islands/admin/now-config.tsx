import { useState } from 'react';
import { NOW_ITEM_TYPES, nowItemCreate, nowItemUpdate } from '#domain/shapes.ts';
import type { nowItems } from '#api/db/schema.ts';
import { apiJson } from '#src/lib/api-client.ts';
import { EMPTY_NOW, nowDraft, nowPayload, type NowDraft } from '#src/lib/admin-drafts.ts';
import { toast } from '#src/stores/toast.ts';
import type { EntityConfig } from './EntityPanel.tsx';
import type { FieldsProps } from './EntityForm.tsx';
import { Field } from './Field.tsx';
import { describeFailure } from './field-errors.ts';

export type NowRow = Omit<typeof nowItems.$inferSelect, 'updatedAt'>;

const TYPE_LABELS: Record<(typeof NOW_ITEM_TYPES)[number], string> = { spotify: 'Track (Now Playing)', reading: 'Book (Currently Reading)' };

function NowFields({ draft, set, errors }: FieldsProps<NowDraft>) {
  const track = draft.type === 'spotify';
  // The shape names 'metadata' for either time: the message goes beside the one that is not a time.
  const timeError = (value: string) => (errors.metadata && value.trim() && !/^\d{1,3}:\d{2}$/.test(value.trim()) ? errors.metadata : undefined);
  return (
    <>
      <Field name="type" label="Kind" required error={errors.type}>
        {(control) => (
          <select {...control} className="field" value={draft.type} onChange={(e) => set('type', e.target.value as NowDraft['type'])}>
            {NOW_ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="progress" label="Progress" error={errors.progress} hint="Percent, 0 to 100.">
        {(control) => (
          <input {...control} className="field" type="number" inputMode="numeric" min={0} max={100} step={1} value={draft.progress} onChange={(e) => set('progress', e.target.value)} />
        )}
      </Field>
      <Field name="title" label="Title" required error={errors.title}>
        {(control) => <input {...control} className="field" value={draft.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="subtitle" label={track ? 'Artist' : 'Author'} error={errors.subtitle}>
        {(control) => <input {...control} className="field" value={draft.subtitle} onChange={(e) => set('subtitle', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="description" label="Description" error={errors.description} className="sm:col-span-2" hint="Up to two lines show on the card.">
        {(control) => <textarea {...control} className="field" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      {track && (
        <>
          <Field name="current" label="Played so far" error={timeError(draft.current)} hint="e.g. 1:48">
            {(control) => <input {...control} className="field font-mono" value={draft.current} onChange={(e) => set('current', e.target.value)} autoComplete="off" />}
          </Field>
          <Field name="duration" label="Length" error={timeError(draft.duration)} hint="e.g. 3:57">
            {(control) => <input {...control} className="field font-mono" value={draft.duration} onChange={(e) => set('duration', e.target.value)} autoComplete="off" />}
          </Field>
          <label className="inline-flex items-center gap-2 text-sm font-medium sm:col-span-2">
            <input type="checkbox" name="isPlaying" checked={draft.isPlaying} onChange={(e) => set('isPlaying', e.target.checked)} />
            Playing now
          </label>
        </>
      )}
    </>
  );
}

function NowSummary({ item }: { item: NowRow }) {
  return (
    <article aria-label={item.title} className="min-w-0">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{item.type === 'spotify' ? 'Track' : 'Book'}</p>
      <h3 className="font-semibold break-words">{item.title}</h3>
      {item.subtitle && <p className="text-sm text-muted">{item.subtitle}</p>}
      {item.description && <p className="mt-1 line-clamp-2 text-sm text-muted" data-now-description>{item.description}</p>}
    </article>
  );
}

/**
 * Moves an item one place up or down. The cards show the first track and the first book, so the order
 * is what decides them; every item is given its place in the new order (old rows all start at 0).
 */
function MoveButtons({ item, items, reload }: { item: NowRow; items: readonly NowRow[]; reload: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const index = items.findIndex((row) => row.id === item.id);
  async function move(step: -1 | 1) {
    const target = index + step;
    if (pending || target < 0 || target >= items.length) return;
    const order = [...items];
    [order[index], order[target]] = [order[target]!, order[index]!];
    setPending(true);
    try {
      for (const [position, row] of order.entries()) {
        if (row.position !== position) await apiJson('PATCH', `/api/now/${row.id}`, { position });
      }
      await reload();
      toast({ title: 'Order saved', description: `“${item.title}” is now number ${target + 1} of ${items.length}.` });
    } catch (error) {
      toast({ title: 'Failed to change the order', description: describeFailure(error), variant: 'destructive' });
      await reload();
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <button type="button" className="btn-ghost min-h-9 px-3 py-1" aria-label={`Move “${item.title}” up`} aria-disabled={index === 0 || pending || undefined} onClick={() => move(-1)}>
        Up
      </button>
      <button type="button" className="btn-ghost min-h-9 px-3 py-1" aria-label={`Move “${item.title}” down`} aria-disabled={index === items.length - 1 || pending || undefined} onClick={() => move(1)}>
        Down
      </button>
    </>
  );
}

export const nowConfig: EntityConfig<NowRow, NowDraft> = {
  key: 'now',
  noun: 'Now item',
  nounInSentence: 'Now item',
  endpoint: '/api/now',
  createShape: nowItemCreate,
  updateShape: nowItemUpdate,
  emptyDraft: () => EMPTY_NOW,
  toDraft: nowDraft,
  toPayload: nowPayload,
  fields: (props) => <NowFields {...props} />,
  row: (item) => <NowSummary item={item} />,
  itemName: (item) => item.title,
  createLabel: 'Create Now item',
  listHeading: 'Now items, in order',
  emptyList: 'No Now items yet: the dashboard shows its placeholders. Add one with the form.',
  rowActions: (item, { items, reload }) => <MoveButtons item={item} items={items} reload={reload} />,
};
