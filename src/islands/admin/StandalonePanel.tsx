import { useState, type ReactNode } from 'react';
import { EntityPanel, type EntityConfig, type ItemId } from './EntityPanel.tsx';
import { useHydrated } from './useHydrated.ts';
import { useDirtyForms } from './useLeaveGuard.ts';

interface Props<T extends { id: ItemId }, D> {
  config: EntityConfig<T, D>;
  items: T[];
  /** Shown above the panel, from the current list (e.g. the playlist catalogue's coverage). */
  before?: (items: readonly T[]) => ReactNode;
}

/**
 * One admin page under /data-management/: the same add form and editable list as a Data Management tab,
 * with its own guard against leaving with unsaved changes.
 */
export function StandalonePanel<T extends { id: ItemId }, D>({ config, items: initial, before }: Props<T, D>) {
  const [items, setItems] = useState(initial);
  const { onDirtyChange } = useDirtyForms();
  const hydrated = useHydrated();
  return (
    <div data-hydrated={hydrated ? '' : undefined}>
      {before?.(items)}
      <EntityPanel config={config} items={items} setItems={setItems} onDirtyChange={onDirtyChange} />
    </div>
  );
}
