import { MAX_PLAYLISTS, MOOD_EMOJI_FALLBACK, MOODS } from '#domain/vocabulary.ts';
import type { PlaylistItem } from './dashboard-types.ts';

/** How the Spotify mood matcher shows playlists (SPEC §4, §8, §9); its choices are in domain/vocabulary.ts. Pure. */

export function moodEmoji(mood: string): string {
  return MOODS.find((item) => item.value === mood)?.emoji ?? MOOD_EMOJI_FALLBACK;
}

export const MATCHER_TEXT = {
  loading: 'Finding your perfect playlists...',
  emptyTitle: 'No playlists found for this mood combination.',
  emptyHint: 'Try a different mood or activity.',
  noDescription: 'Curated playlist',
} as const;

export interface PlaylistCard {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  tracks: number;
  /** Only an http(s) address is ever linked. */
  url: string | null;
}

export function moodPlaylistsUrl(mood: string, activity: string): string {
  return `/api/spotify/mood-playlists?${new URLSearchParams({ mood, activity })}`;
}

/** Entries without an id are skipped, at most 9 are kept, and missing fields get SPEC's defaults. */
export function playlistCards(playlists: readonly PlaylistItem[] | null | undefined): PlaylistCard[] {
  const cards: PlaylistCard[] = [];
  for (const playlist of Array.isArray(playlists) ? playlists : []) {
    if (cards.length === MAX_PLAYLISTS) break;
    if (!playlist || typeof playlist.id !== 'string' || !playlist.id) continue;
    const total = Number(playlist.tracks?.total);
    cards.push({
      id: playlist.id,
      name: playlist.name?.trim() || 'Untitled playlist',
      description: playlist.description?.trim() || MATCHER_TEXT.noDescription,
      imageUrl: safeImage(playlist.images?.[0]?.url),
      tracks: Number.isFinite(total) && total > 0 ? Math.floor(total) : 0,
      url: safeLink(playlist.external_urls?.spotify),
    });
  }
  return cards;
}

function safeLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

function safeImage(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.startsWith('/api/images/') ? value : safeLink(value);
}
