import { SKELETONS, formatEventDate } from '#src/lib/dashboard-display.ts';
import type { TimelineItem } from '#src/lib/dashboard-types.ts';
import { categoryLabel } from '#src/lib/project-display.ts';
import HorizontalScroller from './HorizontalScroller.tsx';
import { useApiData } from './use-api-data.ts';

/** The Timeline: event cards in a sideways row, read from /api/timeline; 6 skeletons meanwhile. */
export default function TimelineScroller() {
  const state = useApiData<TimelineItem[]>('/api/timeline');

  if (state.status === 'loading') {
    return (
      <div role="status">
        <span className="sr-only">Loading the timeline…</span>
        <HorizontalScroller label="Timeline" busy>
          {Array.from({ length: SKELETONS.timeline }, (_, index) => (
            <li key={index} className="card timeline-card flex flex-col gap-3 p-5" data-skeleton="timeline" aria-hidden="true">
              <span className="skeleton h-4 w-1/3 rounded" />
              <span className="skeleton h-5 w-3/4 rounded" />
              <span className="skeleton h-12 w-full rounded" />
              <span className="skeleton h-5 w-1/2 rounded-full" />
            </li>
          ))}
        </HorizontalScroller>
      </div>
    );
  }
  if (state.status === 'error' || !Array.isArray(state.data) || state.data.length === 0) return null;

  return (
    <HorizontalScroller label="Timeline">
      {state.data.map((event) => (
        <li key={event.id} className="card timeline-card flex flex-col gap-3 p-5" data-timeline-event={event.id} style={{ '--event-color': event.color } as React.CSSProperties}>
          <time className="font-mono text-sm text-muted" dateTime={event.date}>
            {formatEventDate(event.date)}
          </time>
          <h3 className="font-semibold leading-snug">{event.title}</h3>
          <p className="text-sm text-muted">{event.description}</p>
          <div className="mt-auto flex flex-wrap items-center gap-2">
            <span className="event-category chip gap-1.5">
              <span className="size-2 rounded-full" style={{ background: event.color }} aria-hidden="true" />
              {categoryLabel(event.category)}
            </span>
            {(Array.isArray(event.tags) ? event.tags : []).map((tag) => (
              <span key={tag} className="text-xs text-muted">
                #{tag}
              </span>
            ))}
          </div>
        </li>
      ))}
    </HorizontalScroller>
  );
}
