import { SKELETONS } from '#src/lib/dashboard-display.ts';
import { useState } from 'react';
import { STORAGE_KEYS } from '#domain/vocabulary.ts';
import type { TimelineItem, TrendItem } from '#src/lib/dashboard-types.ts';
import { annotationsFor } from '#src/lib/trend-annotations.ts';
import HorizontalScroller from './HorizontalScroller.tsx';
import TrendCard from './TrendCard.tsx';
import { useApiData } from './use-api-data.ts';

/** Yearly Trends: a carousel of line-chart cards read from /api/trends, timeline events marked on them; 3 skeletons meanwhile. */
export default function TrendsCarousel() {
  const state = useApiData<TrendItem[]>('/api/trends');
  // The events to mark; without them (a failed read) the charts are drawn as SPEC draws them.
  const timeline = useApiData<TimelineItem[]>('/api/timeline');
  const events = timeline.status === 'ready' && Array.isArray(timeline.data) ? timeline.data : null;
  const [showEvents, setShowEvents] = useShowEvents();

  if (state.status === 'loading') {
    return (
      <div role="status">
        <span className="sr-only">Loading trends…</span>
        {/* Where the events switch will be, so the cards below do not move when it arrives. */}
        <div className="mb-3 h-6" aria-hidden="true" />
        <HorizontalScroller label="Yearly trends" busy>
          {Array.from({ length: SKELETONS.trends }, (_, index) => (
            <li key={index} className="card trend-card flex flex-col gap-3 p-5" data-skeleton="trend" aria-hidden="true">
              <span className="skeleton h-5 w-1/2 rounded" />
              <span className="skeleton h-4 w-5/6 rounded" />
              <span className="skeleton h-36 w-full rounded-lg" />
            </li>
          ))}
        </HorizontalScroller>
      </div>
    );
  }
  if (state.status === 'error' || !Array.isArray(state.data) || state.data.length === 0) return null;

  return (
    <>
      <EventsSwitch on={showEvents} onChange={setShowEvents} />
      <HorizontalScroller label="Yearly trends">
        {state.data.map((trend) => (
          <TrendCard key={trend.id} trend={trend} annotate={(shown) => (showEvents && events ? annotationsFor(shown, events) : [])} />
        ))}
      </HorizontalScroller>
    </>
  );
}

/** Whether the timeline's events are marked on the charts: a visible switch, remembered in this browser. */
function useShowEvents(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(STORAGE_KEYS.trendEvents) !== 'off';
    } catch {
      return true;
    }
  });
  const change = (next: boolean) => {
    setOn(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.trendEvents, next ? 'on' : 'off');
    } catch {
      // Private mode without storage: the choice lasts for this page.
    }
  };
  return [on, change];
}

function EventsSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="mb-3 flex items-center gap-3 text-sm">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        id="trend-events-switch"
        aria-labelledby="trend-events-label"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-line transition-colors ${on ? 'bg-accent' : 'bg-surface-2'}`}
        onClick={() => onChange(!on)}
      >
        <span aria-hidden="true" className={`inline-block size-4 rounded-full bg-ink transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
      <label id="trend-events-label" htmlFor="trend-events-switch">
        Show timeline events on the charts
      </label>
    </div>
  );
}
