import type { Visibility } from '#domain/shapes.ts';
import { fromList, fromSparkline, toList, toOptionalText, toProgress, toSparkline } from './form-conversions.ts';

/*
 * The forms of the pages under /data-management/ (trends, activities, Now items, playlists): as typed,
 * turned into the API's bodies, and back again to prefill a form. Pure, like form-conversions.ts.
 */

export interface TrendDraft {
  name: string;
  description: string;
  unit: string;
  color: string;
  change: string;
  /** 'hand': the typed numbers and labels; 'metric': twelve months computed from a metric's points. */
  source: 'hand' | 'metric';
  metricId: string;
  dataInput: string;
  labelsInput: string;
  visibility: Visibility;
}

export const EMPTY_TREND: TrendDraft = {
  name: '',
  description: '',
  unit: '',
  color: '#6fffe9',
  change: '',
  source: 'hand',
  metricId: '',
  dataInput: '',
  labelsInput: '',
  visibility: 'signed-in',
};

export function trendPayload(draft: TrendDraft) {
  const byMetric = draft.source === 'metric';
  const data = toSparkline(draft.dataInput);
  return {
    name: draft.name,
    description: draft.description,
    unit: draft.unit,
    color: draft.color,
    change: toOptionalText(draft.change),
    // A metric-backed trend's numbers are computed on every read; the stored ones only need to be valid.
    data: data ?? (byMetric ? [0] : []),
    labels: toList(draft.labelsInput),
    // 0 is no metric id: the shape then says 'Metric must be a metric id' beside the field.
    metricId: byMetric ? Number(draft.metricId) || 0 : null,
    visibility: draft.visibility,
  };
}

export function trendDraft(trend: {
  name: string;
  description: string;
  unit: string;
  color: string;
  change: string | null;
  metricId: number | null;
  data: number[];
  labels: string[];
  visibility: string;
}): TrendDraft {
  return {
    name: trend.name,
    description: trend.description,
    unit: trend.unit,
    color: trend.color,
    change: trend.change ?? '',
    source: trend.metricId === null ? 'hand' : 'metric',
    metricId: trend.metricId === null ? '' : String(trend.metricId),
    dataInput: fromSparkline(trend.data),
    labelsInput: fromList(trend.labels),
    visibility: trend.visibility as Visibility,
  };
}

export interface ActivityDraft {
  type: string;
  title: string;
  subtitle: string;
  description: string;
  progress: string;
}

export const EMPTY_ACTIVITY: ActivityDraft = { type: '', title: '', subtitle: '', description: '', progress: '0' };

export function activityPayload(draft: ActivityDraft) {
  return {
    type: draft.type,
    title: draft.title,
    subtitle: toOptionalText(draft.subtitle),
    description: toOptionalText(draft.description),
    progress: toProgress(draft.progress),
  };
}

export function activityDraft(item: { type: string; title: string; subtitle: string | null; description: string | null; progress: number }): ActivityDraft {
  return { type: item.type, title: item.title, subtitle: item.subtitle ?? '', description: item.description ?? '', progress: String(item.progress) };
}

export interface NowDraft {
  type: 'spotify' | 'reading';
  title: string;
  subtitle: string;
  description: string;
  progress: string;
  isPlaying: boolean;
  current: string;
  duration: string;
}

export const EMPTY_NOW: NowDraft = { type: 'reading', title: '', subtitle: '', description: '', progress: '0', isPlaying: false, current: '', duration: '' };

export function nowPayload(draft: NowDraft) {
  const track = draft.type === 'spotify';
  const current = draft.current.trim();
  const duration = draft.duration.trim();
  return {
    type: draft.type,
    title: draft.title,
    subtitle: toOptionalText(draft.subtitle),
    description: toOptionalText(draft.description),
    progress: toProgress(draft.progress),
    // Only a track has a play state and times; a book keeps none.
    metadata: track ? { isPlaying: draft.isPlaying, ...(current ? { current } : {}), ...(duration ? { duration } : {}) } : null,
  };
}

export function nowDraft(item: {
  type: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  progress: number;
  metadata: { isPlaying?: boolean; current?: string; duration?: string } | null;
}): NowDraft {
  return {
    type: item.type === 'spotify' ? 'spotify' : 'reading',
    title: item.title,
    subtitle: item.subtitle ?? '',
    description: item.description ?? '',
    progress: String(item.progress),
    isPlaying: item.metadata?.isPlaying ?? false,
    current: item.metadata?.current ?? '',
    duration: item.metadata?.duration ?? '',
  };
}

export interface PlaylistDraft {
  /** Spotify's id: typed when adding, fixed afterwards (the API never changes it). */
  id: string;
  creating: boolean;
  name: string;
  description: string;
  imageUrl: string;
  tracksTotal: string;
  spotifyUrl: string;
  moods: string[];
  activities: string[];
}

export const EMPTY_PLAYLIST: PlaylistDraft = {
  id: '',
  creating: true,
  name: '',
  description: '',
  imageUrl: '',
  tracksTotal: '0',
  spotifyUrl: '',
  moods: [],
  activities: [],
};

export function playlistPayload(draft: PlaylistDraft) {
  const body = {
    name: draft.name,
    description: toOptionalText(draft.description),
    imageUrl: draft.imageUrl.trim() || null,
    tracksTotal: toProgress(draft.tracksTotal),
    spotifyUrl: draft.spotifyUrl.trim(),
    moods: draft.moods,
    activities: draft.activities,
  };
  return draft.creating ? { id: draft.id.trim(), ...body } : body;
}

export function playlistDraft(item: {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  tracksTotal: number;
  spotifyUrl: string;
  moods: string[];
  activities: string[];
}): PlaylistDraft {
  return {
    id: item.id,
    creating: false,
    name: item.name,
    description: item.description ?? '',
    imageUrl: item.imageUrl ?? '',
    tracksTotal: String(item.tracksTotal),
    spotifyUrl: item.spotifyUrl,
    moods: [...item.moods],
    activities: [...item.activities],
  };
}
