import { ExternalLink, Music } from 'lucide-react';
import { useState } from 'react';
import type { MoodPlaylistsResponse } from '#src/lib/dashboard-types.ts';
import { ACTIVITIES, DEFAULT_ACTIVITY, DEFAULT_MOOD, MAX_PLAYLISTS, MOODS, type Activity, type Mood } from '#domain/vocabulary.ts';
import { MATCHER_TEXT, moodEmoji, moodPlaylistsUrl, playlistCards } from '#src/lib/mood-matcher.ts';
import { useApiData } from './use-api-data.ts';

/** The Spotify mood matcher: pick a mood and an activity; every change asks the API again (SPEC §4). */
export default function MoodMatcher() {
  const [mood, setMood] = useState<Mood>(DEFAULT_MOOD);
  const [activity, setActivity] = useState<Activity>(DEFAULT_ACTIVITY);
  const state = useApiData<MoodPlaylistsResponse>(moodPlaylistsUrl(mood, activity));
  const cards = state.status === 'ready' ? playlistCards(state.data?.playlists) : [];
  const answeredMood = state.status === 'ready' && typeof state.data?.mood === 'string' ? state.data.mood : mood;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_1fr]">
      <div className="flex flex-col gap-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Mood</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
            {MOODS.map((item) => (
              <label key={item.value} className="choice">
                <input type="radio" name="mood" value={item.value} checked={mood === item.value} onChange={() => setMood(item.value)} />
                <span aria-hidden="true">{item.emoji}</span>
                {item.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Activity</legend>
          <div className="flex flex-wrap gap-2">
            {ACTIVITIES.map((item) => (
              <label key={item.value} className="choice">
                <input
                  type="radio"
                  name="activity"
                  value={item.value}
                  checked={activity === item.value}
                  onChange={() => setActivity(item.value)}
                />
                {item.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="playlist-results" aria-live="polite" data-state={state.status === 'loading' ? 'loading' : cards.length ? 'results' : 'empty'}>
        {state.status === 'loading' ? (
          <>
            <p role="status" className="mb-3 flex items-center gap-2 text-sm text-muted">
              <Music aria-hidden="true" size={16} className="gentle-pulse" />
              {MATCHER_TEXT.loading}
            </p>
            {/* Placeholders the size of a full answer, so the page below does not jump when it arrives. */}
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
              {Array.from({ length: MAX_PLAYLISTS }, (_, index) => (
                <li key={index} className="playlist-card card flex gap-3 p-3" data-skeleton="playlist">
                  <span className="skeleton size-14 shrink-0 rounded-lg" />
                  <span className="flex flex-1 flex-col gap-2 pt-1">
                    <span className="skeleton h-4 w-3/4 rounded" />
                    <span className="skeleton h-3 w-full rounded" />
                    <span className="skeleton h-3 w-1/3 rounded" />
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : cards.length === 0 ? (
          <div className="card p-8 text-center">
            <p className="font-semibold">{MATCHER_TEXT.emptyTitle}</p>
            <p className="mt-1 text-sm text-muted">{MATCHER_TEXT.emptyHint}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted">
              <span aria-hidden="true" data-mood-emoji>
                {moodEmoji(answeredMood)}
              </span>{' '}
              {cards.length} {cards.length === 1 ? 'playlist' : 'playlists'} for feeling {answeredMood} while you {activityPhrase(activity)}
            </p>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {cards.map((card) => {
                const body = (
                  <>
                    {card.imageUrl ? (
                      <img src={card.imageUrl} alt="" width={56} height={56} loading="lazy" className="hide-on-error size-14 shrink-0 rounded-lg object-cover" />
                    ) : (
                      <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-accent-text" aria-hidden="true">
                        <Music size={22} />
                      </span>
                    )}
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="font-semibold leading-snug">{card.name}</span>
                      <span className="line-clamp-2 text-sm text-muted">{card.description}</span>
                      <span className="text-xs text-muted">{card.tracks} tracks</span>
                    </span>
                  </>
                );
                return (
                  <li key={card.id} data-playlist={card.id}>
                    {card.url ? (
                      <a href={card.url} target="_blank" rel="noopener noreferrer" className="playlist-card card flex h-full gap-3 p-3">
                        {body}
                        <ExternalLink aria-hidden="true" size={14} className="ml-auto shrink-0 text-muted" />
                        <span className="sr-only">(opens Spotify in a new tab)</span>
                      </a>
                    ) : (
                      <div className="playlist-card card flex h-full gap-3 p-3">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

function activityPhrase(activity: Activity): string {
  return activity === 'creativity' ? 'create' : activity === 'relaxation' ? 'relax' : activity;
}
