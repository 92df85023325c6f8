import { useEffect, useRef, useState } from 'react';
import { useDirtyForms } from './useLeaveGuard.ts';
import { useHydrated } from './useHydrated.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { EntityPanel } from './EntityPanel.tsx';
import { kpiConfig, type KpiItem } from './kpi-config.tsx';
import { projectConfig, type ProjectItem } from './project-config.tsx';
import { ADMIN_TABS, type AdminTab } from './tabs.ts';
import { timelineConfig, type TimelineItem } from './timeline-config.tsx';

interface Props {
  initialTab: AdminTab;
  projects: ProjectItem[];
  kpis: KpiItem[];
  timeline: TimelineItem[];
}

const labelOf = (tab: AdminTab) => ADMIN_TABS.find((t) => t.key === tab)!.label;

/**
 * The owner's data, one tab per entity. Tabs follow the WAI-ARIA pattern (arrow keys, Home, End)
 * and keep the selection in the URL. No typing is lost silently: switching away from a tab with a
 * changed form asks first, and so does leaving the page.
 */
export default function DataManagement(props: Props) {
  const [tab, setTab] = useState<AdminTab>(props.initialTab);
  const [projects, setProjects] = useState(props.projects);
  const [kpis, setKpis] = useState(props.kpis);
  const [timeline, setTimeline] = useState(props.timeline);
  const { dirty, onDirtyChange } = useDirtyForms();
  const [asking, setAsking] = useState<AdminTab | null>(null);
  const tabRefs = useRef(new Map<AdminTab, HTMLButtonElement>());
  const moved = useRef(false);

  const hydrated = useHydrated();

  const tabIsDirty = (key: AdminTab) => [...dirty].some((formKey) => formKey.startsWith(`${key}:`));

  function show(next: AdminTab) {
    setAsking(null);
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', url);
    moved.current = true;
  }

  // After the switch has rendered (and a confirm dialog has closed and given focus back), the
  // newly selected tab takes focus, as the tabs pattern expects.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    tabRefs.current.get(tab)?.focus();
  }, [tab]);

  function request(next: AdminTab) {
    if (next === tab) return;
    if (tabIsDirty(tab)) setAsking(next);
    else show(next);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const index = ADMIN_TABS.findIndex((t) => t.key === tab);
    const last = ADMIN_TABS.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    request(ADMIN_TABS[target]!.key);
  }

  return (
    <div data-hydrated={hydrated ? '' : undefined}>
      <div role="tablist" aria-label="Data to manage" className="mb-6 inline-flex max-w-full flex-wrap gap-1 rounded-xl border border-line bg-surface p-1">
        {ADMIN_TABS.map(({ key, label }) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(node) => {
                if (node) tabRefs.current.set(key, node);
                else tabRefs.current.delete(key);
              }}
              type="button"
              role="tab"
              onKeyDown={onKeyDown}
              id={`tab-${key}`}
              aria-selected={selected}
              aria-controls={`panel-${key}`}
              tabIndex={selected ? 0 : -1}
              className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${selected ? 'bg-accent text-accent-contrast' : 'text-ink hover:bg-surface-2'}`}
              onClick={() => request(key)}
            >
              {label}
              {tabIsDirty(key) && (
                <>
                  <span aria-hidden="true"> •</span>
                  <span className="sr-only"> (unsaved changes)</span>
                </>
              )}
            </button>
          );
        })}
      </div>

      {ADMIN_TABS.map(({ key }) => (
        <div key={key} role="tabpanel" id={`panel-${key}`} aria-labelledby={`tab-${key}`} hidden={key !== tab}>
          {key === tab && key === 'projects' && <EntityPanel config={projectConfig} items={projects} setItems={setProjects} onDirtyChange={onDirtyChange} />}
          {key === tab && key === 'kpis' && <EntityPanel config={kpiConfig} items={kpis} setItems={setKpis} onDirtyChange={onDirtyChange} />}
          {key === tab && key === 'timeline' && <EntityPanel config={timelineConfig} items={timeline} setItems={setTimeline} onDirtyChange={onDirtyChange} />}
        </div>
      ))}

      <ConfirmDialog
        open={asking !== null}
        title="Discard unsaved changes?"
        description={`The ${labelOf(tab)} tab has changes that are not saved yet. Switching to ${asking ? labelOf(asking) : 'another tab'} discards them.`}
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={() => asking && show(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
