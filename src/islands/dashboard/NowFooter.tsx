import { BookOpen, Pause, Play } from 'lucide-react';
import type { NowItem } from '#src/lib/dashboard-types.ts';
import { currentlyReading, nowPlaying } from '#src/lib/now-footer.ts';
import { useApiData } from './use-api-data.ts';

/** The Now cards: what is playing and what is being read, from /api/now, with SPEC's fallbacks when nothing arrives. */
export default function NowFooter() {
  const state = useApiData<NowItem[]>('/api/now');

  if (state.status === 'loading') {
    return (
      <div role="status" className="grid gap-4 md:grid-cols-2">
        <span className="sr-only">Loading what is playing and being read…</span>
        {[0, 1].map((index) => (
          <div key={index} className="card now-card flex flex-col gap-3 p-5" data-skeleton="now" aria-hidden="true">
            <span className="skeleton h-4 w-1/3 rounded" />
            <span className="skeleton h-6 w-2/3 rounded" />
            <span className="skeleton h-4 w-1/2 rounded" />
            <span className="skeleton mt-auto h-2 w-full rounded-full" />
          </div>
        ))}
      </div>
    );
  }

  const items = state.status === 'ready' ? state.data : null;
  const track = nowPlaying(items);
  const book = currentlyReading(items);
  const PlayState = track.isPlaying ? Pause : Play;

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <article className="card now-card flex flex-col gap-3 p-5" data-now="playing" data-fallback={track.fallback || undefined}>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Now Playing</h3>
        <div className="flex items-center gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-surface-2 text-accent-text" data-play-state={track.isPlaying ? 'playing' : 'paused'}>
            <PlayState aria-hidden="true" size={20} />
            <span className="sr-only">{track.isPlaying ? 'Playing' : 'Paused'}</span>
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold">{track.title}</p>
            {track.subtitle ? <p className="truncate text-sm text-muted">{track.subtitle}</p> : null}
          </div>
        </div>
        {track.description ? <p className="line-clamp-2 text-sm text-muted" data-now-description>{track.description}</p> : null}
        <div className="mt-auto">
          <Progress value={track.progress} label={`${track.title}: ${track.current} of ${track.duration}`} />
          <div className="mt-1 flex justify-between font-mono text-xs text-muted">
            <span data-time="current">{track.current}</span>
            <span data-time="duration">{track.duration}</span>
          </div>
        </div>
      </article>
      <article className="card now-card flex flex-col gap-3 p-5" data-now="reading" data-fallback={book.fallback || undefined}>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Currently Reading</h3>
        <div className="flex items-center gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-surface-2 text-accent-text">
            <BookOpen aria-hidden="true" size={20} />
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold">{book.title}</p>
            {book.subtitle ? <p className="truncate text-sm text-muted">{book.subtitle}</p> : null}
          </div>
        </div>
        {book.description ? <p className="line-clamp-2 text-sm text-muted" data-now-description>{book.description}</p> : null}
        <div className="mt-auto">
          <Progress value={book.progress} label={`${book.title}: reading progress`} />
          <p className="mt-1 text-right font-mono text-xs text-muted">
            <span data-progress>{book.progress}</span>% read
          </p>
        </div>
      </article>
    </div>
  );
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="h-full rounded-full bg-accent-text" style={{ width: `${value}%` }} />
    </div>
  );
}
