import type { NowItem } from './dashboard-types.ts';

/** The Now footer's cards and SPEC §3's fallbacks when no data arrives. Pure. */

export const NOW_FALLBACK = {
  playingProgress: 62,
  readingProgress: 67,
  current: '2:34',
  duration: '4:12',
} as const;

export interface NowPlayingView {
  title: string;
  subtitle: string;
  /** SPEC's Now item has a description: shown under the title when there is one. */
  description: string;
  progress: number;
  isPlaying: boolean;
  current: string;
  duration: string;
  /** True when no 'spotify' item arrived and the sample is shown. */
  fallback: boolean;
}

export interface ReadingView {
  title: string;
  subtitle: string;
  description: string;
  progress: number;
  fallback: boolean;
}

const clampProgress = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : fallback;

const itemOf = (items: readonly NowItem[] | null | undefined, type: string) =>
  (Array.isArray(items) ? items : []).find((item) => item?.type === type && item.title);

export function nowPlaying(items: readonly NowItem[] | null | undefined): NowPlayingView {
  const item = itemOf(items, 'spotify');
  if (!item) {
    return {
      title: 'Ambient Focus Mix',
      subtitle: 'Lo-fi study beats',
      description: '',
      progress: NOW_FALLBACK.playingProgress,
      isPlaying: false,
      current: NOW_FALLBACK.current,
      duration: NOW_FALLBACK.duration,
      fallback: true,
    };
  }
  return {
    title: item.title,
    subtitle: item.subtitle ?? '',
    description: item.description?.trim() ?? '',
    progress: clampProgress(item.progress, NOW_FALLBACK.playingProgress),
    isPlaying: item.metadata?.isPlaying === true,
    current: item.metadata?.current || NOW_FALLBACK.current,
    duration: item.metadata?.duration || NOW_FALLBACK.duration,
    fallback: false,
  };
}

export function currentlyReading(items: readonly NowItem[] | null | undefined): ReadingView {
  const item = itemOf(items, 'reading');
  if (!item) {
    return {
      title: 'The Design of Everyday Things',
      subtitle: 'Don Norman',
      description: '',
      progress: NOW_FALLBACK.readingProgress,
      fallback: true,
    };
  }
  return {
    title: item.title,
    subtitle: item.subtitle ?? '',
    description: item.description?.trim() ?? '',
    progress: clampProgress(item.progress, NOW_FALLBACK.readingProgress),
    fallback: false,
  };
}
