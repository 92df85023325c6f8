import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { apiGet, apiJson, apiRequest } from '#src/lib/api-client.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { EntityForm, type FieldsProps } from './EntityForm.tsx';
import { describeFailure } from './field-errors.ts';

/** Numbers for most records; a playlist's id is Spotify's. */
export type ItemId = number | string;

/** Everything that differs between the projects, KPIs and timeline tabs (and the pages under /data-management/). */
export interface EntityConfig<T extends { id: ItemId }, D> {
  key: string;
  /** 'Project', 'KPI', 'Timeline event': the toasts are built from it. */
  noun: string;
  /** The noun inside a sentence: 'project', 'KPI', 'timeline event'. */
  nounInSentence: string;
  endpoint: string;
  createShape: z.ZodType;
  updateShape: z.ZodType;
  emptyDraft: (items: readonly T[]) => D;
  toDraft: (item: T) => D;
  toPayload: (draft: D) => unknown;
  fields: (props: FieldsProps<D> & { items: readonly T[] }) => ReactNode;
  row: (item: T) => ReactNode;
  itemName: (item: T) => string;
  createLabel: string;
  listHeading: string;
  emptyList: string;
  /** Buttons of a row before Edit and Delete ('Make focus', 'Move up'); `reload` re-reads the list after a write. */
  rowActions?: (item: T, context: { items: readonly T[]; reload: () => Promise<void> }) => ReactNode;
}

interface Props<T extends { id: ItemId }, D> {
  config: EntityConfig<T, D>;
  items: T[];
  setItems: (items: T[]) => void;
  onDirtyChange: (formKey: string, dirty: boolean) => void;
}

/**
 * One tab of Data Management: the add form, then the list, where each row can be edited in place
 * (the same form, prefilled) or deleted after a confirmation. Every success refreshes the list from
 * the server.
 */
export function EntityPanel<T extends { id: ItemId }, D>({ config, items, setItems, onDirtyChange }: Props<T, D>) {
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<ReadonlySet<ItemId>>(new Set());
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [focusHeading, setFocusHeading] = useState(false);
  const [focusEdit, setFocusEdit] = useState<ItemId | null>(null);
  const { key, noun, nounInSentence, endpoint } = config;

  const replaceItems = useCallback(
    (next: T[]) => {
      itemsRef.current = next;
      setItems(next);
    },
    [setItems],
  );

  /** The server's list; if that read fails, the change the server just confirmed, applied locally. */
  const refresh = useCallback(
    async (fallback: (current: T[]) => T[]) => {
      try {
        const fresh = await apiGet<T[]>(endpoint);
        if (fresh) return replaceItems(fresh);
      } catch {
        // The write succeeded; only the re-read failed.
      }
      replaceItems(fallback(itemsRef.current));
    },
    [endpoint, replaceItems],
  );

  // The deleted row's button is gone: focus goes to the list's heading once the dialog has closed
  // (this effect runs after the dialog's own, which closes it and hands focus back).
  useEffect(() => {
    if (!focusHeading || deleting) return;
    setFocusHeading(false);
    listHeadingRef.current?.focus();
  }, [focusHeading, deleting]);

  const onCreateDirty = useCallback((dirty: boolean) => onDirtyChange(`${key}:create`, dirty), [key, onDirtyChange]);

  const setEditingRow = (id: ItemId, on: boolean) =>
    setEditing((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const closeEditor = (id: ItemId) => {
    setEditingRow(id, false);
    setFocusEdit(id);
  };

  // Once a closed editor has given its row back, focus returns to that row's Edit button.
  useEffect(() => {
    if (focusEdit === null || editing.has(focusEdit)) return;
    setFocusEdit(null);
    document.querySelector<HTMLElement>(`[data-edit="${key}-${focusEdit}"]`)?.focus();
  }, [focusEdit, editing, key]);

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setDeletePending(true);
    try {
      await apiRequest('DELETE', `${endpoint}/${target.id}`);
      await refresh((current) => current.filter((item) => item.id !== target.id));
      setEditingRow(target.id, false);
      setFocusHeading(true);
      toast({ title: `${noun} deleted successfully!` });
    } catch (error) {
      toast({ title: `Failed to delete ${nounInSentence}`, description: describeFailure(error), variant: 'destructive' });
    } finally {
      setDeletePending(false);
      setDeleting(null);
    }
  }

  const fieldsWithItems = (props: FieldsProps<D>) => config.fields({ ...props, items });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <section className="card p-5 sm:p-6" aria-labelledby={`${key}-add-heading`}>
        <h2 id={`${key}-add-heading`} className="mb-4 text-lg font-bold">
          Add {/^[aeiou]/i.test(nounInSentence) ? 'an' : 'a'} {nounInSentence}
        </h2>
        <EntityForm<D>
          label={`Add ${nounInSentence}`}
          initial={config.emptyDraft(items)}
          resetTo={() => config.emptyDraft(itemsRef.current)}
          toPayload={config.toPayload}
          shape={config.createShape}
          save={async (data) => {
            const created = await apiJson<T>('POST', endpoint, data);
            await refresh((current) => (created ? [created, ...current] : current));
          }}
          success={`${noun} created successfully!`}
          failure={`Failed to create ${nounInSentence}`}
          submitLabel={config.createLabel}
          pendingLabel="Creating..."
          onDirtyChange={onCreateDirty}
          fields={fieldsWithItems}
        />
      </section>

      <section className="card p-5 sm:p-6" aria-labelledby={`${key}-list-heading`}>
        <h2 id={`${key}-list-heading`} ref={listHeadingRef} tabIndex={-1} className="mb-4 text-lg font-bold">
          {config.listHeading} <span className="font-mono text-sm font-medium text-muted">({items.length})</span>
        </h2>
        {items.length === 0 ? (
          <p className="text-muted">{config.emptyList}</p>
        ) : (
          <ul className="divide-y divide-line" data-list={key}>
            {items.map((item) => (
              <li key={item.id} className="py-4 first:pt-0 last:pb-0" data-item={item.id}>
                {editing.has(item.id) ? (
                  <EditRow
                    formKey={`${key}:edit:${item.id}`}
                    onDirtyChange={onDirtyChange}
                    heading={`Edit ${config.itemName(item)}`}
                  >
                    {(onDirty) => (
                      <EntityForm<D>
                        label={`Edit ${config.itemName(item)}`}
                        initial={config.toDraft(item)}
                        toPayload={config.toPayload}
                        shape={config.updateShape}
                        save={async (data) => {
                          const updated = await apiJson<T>('PATCH', `${endpoint}/${item.id}`, data);
                          await refresh((current) => current.map((row) => (row.id === item.id && updated ? updated : row)));
                          closeEditor(item.id);
                        }}
                        success={`${noun} updated successfully!`}
                        failure={`Failed to update ${nounInSentence}`}
                        submitLabel="Save changes"
                        pendingLabel="Saving..."
                        onCancel={() => closeEditor(item.id)}
                        onDirtyChange={onDirty}
                        fields={fieldsWithItems}
                      />
                    )}
                  </EditRow>
                ) : (
                  // The actions sit beside the summary while it keeps 16rem (which grows with the text size), and
                  // wrap below it when it would not: a summary squeezed to one letter a line cannot be read.
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0 flex-[1_1_16rem]">{config.row(item)}</div>
                    <div className="flex flex-wrap gap-2">
                      {config.rowActions?.(item, { items, reload: () => refresh((current) => current) })}
                      <button
                        type="button"
                        className="btn-ghost min-h-9 px-3 py-1"
                        data-edit={`${key}-${item.id}`}
                        aria-label={`Edit ${config.itemName(item)}`}
                        onClick={() => setEditingRow(item.id, true)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn-ghost min-h-9 px-3 py-1 text-danger"
                        aria-label={`Delete ${config.itemName(item)}`}
                        onClick={() => setDeleting(item)}
                      >
                        Delete
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${nounInSentence}?`}
        description={deleting ? `“${config.itemName(deleting)}” will be removed for good. This cannot be undone.` : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletePending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** An edit form in a list row, with its own stable dirty reporter. */
function EditRow({
  formKey,
  onDirtyChange,
  heading,
  children,
}: {
  formKey: string;
  onDirtyChange: (formKey: string, dirty: boolean) => void;
  heading: string;
  children: (onDirty: (dirty: boolean) => void) => ReactNode;
}) {
  const onDirty = useCallback((dirty: boolean) => onDirtyChange(formKey, dirty), [formKey, onDirtyChange]);
  return (
    <div className="rounded-xl border border-line bg-surface-2 p-4">
      <h3 className="mb-3 font-semibold">{heading}</h3>
      {children(onDirty)}
    </div>
  );
}
