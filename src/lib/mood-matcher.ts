import type { PlaylistItem } from './dashboard-types.ts';

/** The Spotify mood matcher's choices and how it shows playlists (SPEC §4, §8, §9). Pure. */

export const MOODS = [
  { value: 'focused', label: 'Focused', emoji: '🎯' },
  { value: 'energetic', label: 'Energetic', emoji: '⚡' },
  { value: 'relaxed', label: 'Relaxed', emoji: '😌' },
  { value: 'creative', label: 'Creative', emoji: '🎨' },
  { value: 'productive', label: 'Productive', emoji: '🚀' },
  { value: 'coding', label: 'Coding', emoji: '💻' },
] as const;

export const ACTIVITIES = [
  { value: 'work', label: 'Work' },
  { value: 'study', label: 'Study' },
  { value: 'workout', label: 'Workout' },
  { value: 'creativity', label: 'Creativity' },
  { value: 'relaxation', label: 'Relaxation' },
] as const;

export type MoodValue = (typeof MOODS)[number]['value'];
export type ActivityValue = (typeof ACTIVITIES)[number]['value'];

export const DEFAULT_MOOD: MoodValue = 'focused';
export const DEFAULT_ACTIVITY: ActivityValue = 'work';

/** SPEC §9: a mood without an emoji of its own gets a music note. */
export const MOOD_EMOJI_FALLBACK = '🎵';
export function moodEmoji(mood: string): string {
  return MOODS.find((item) => item.value === mood)?.emoji ?? MOOD_EMOJI_FALLBACK;
}

export const MATCHER_TEXT = {
  loading: 'Finding your perfect playlists...',
  emptyTitle: 'No playlists found for this mood combination.',
  emptyHint: 'Try a different mood or activity.',
  noDescription: 'Curated playlist',
} as const;

/** SPEC §9: at most 9 playlists are shown. */
export const MAX_PLAYLISTS = 9;

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
