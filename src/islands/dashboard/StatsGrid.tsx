import { FloatingDelayGroup } from '@floating-ui/react';
import { useEffect, useRef } from 'react';
import { SKELETONS } from '#src/lib/dashboard-display.ts';
import type { StatItem } from '#src/lib/dashboard-types.ts';
import StatCard from './StatCard.tsx';
import { enhanceStatsGrid } from './stats-enhance.ts';
import { useApiData } from './use-api-data.ts';

/** SPEC §9 tooltip timing: open after 700 ms; within 300 ms of one closing, the next opens at once. */
const TOOLTIP_DELAY = { open: 700, close: 0 };
const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * The stats grid of 'Creative Life Overview'. With `initial` (the server's cards) it renders them as they
 * are; without, it reads /api/stats and shows 8 pulsing skeletons meanwhile. No cards, or a failed read:
 * nothing at all.
 */
export default function StatsGrid({ initial }: { initial?: StatItem[] }) {
  const state = useApiData<StatItem[]>('/api/stats', initial);
  const gridRef = useRef<HTMLUListElement>(null);
  const ready = state.status === 'ready';

  // Cards rendered here in the browser (not by the server) get their entrance and surface colours now.
  useEffect(() => {
    if (ready && gridRef.current) enhanceStatsGrid(gridRef.current);
  }, [ready]);

  if (state.status === 'loading') {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading stats…</span>
        <ul className="stats-grid grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4" aria-hidden="true">
          {Array.from({ length: SKELETONS.stats }, (_, index) => (
            <li key={index} className="card flex flex-col gap-3 p-4 sm:p-5" data-skeleton="stat">
              <div className="flex justify-between">
                <span className="skeleton size-10 rounded-xl" />
                <span className="skeleton h-8 w-16 rounded" />
              </div>
              <span className="skeleton h-4 w-2/3 rounded" />
              <span className="skeleton h-8 w-1/2 rounded" />
              <span className="skeleton h-3 w-3/4 rounded" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (state.status === 'error' || !Array.isArray(state.data) || state.data.length === 0) return null;

  return (
    <FloatingDelayGroup delay={TOOLTIP_DELAY} timeoutMs={TOOLTIP_SKIP_DELAY_MS}>
      <ul ref={gridRef} className="stats-grid grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {state.data.map((stat, index) => (
          <StatCard key={stat.id} stat={stat} index={index} />
        ))}
      </ul>
    </FloatingDelayGroup>
  );
}
