/**
 * What the dashboard reads from the API (SPEC §3), as the islands see it after JSON.
 * Server rows carry more fields; these are the ones the dashboard shows.
 */

/** A card of GET /api/stats. */
export interface StatItem {
  id: number;
  name: string;
  value: string;
  unit?: string | null;
  change?: string | null;
  color: string;
  icon: string;
  sparklineData?: number[] | null;
  tooltip?: string | null;
  /** The owner's streak and next goal in words, when the card's metric has a goal (never in GET /api/stats). */
  goal?: string | null;
}

/** An item of GET /api/trends. */
export interface TrendItem {
  id: number;
  name: string;
  data: number[];
  labels: string[];
  color: string;
  unit: string;
  description: string;
  change?: string | null;
  /** A metric-backed trend's month (yyyy-mm) per value, so timeline events can be placed on it. */
  periods?: string[];
}

/** An item of GET /api/timeline. */
export interface TimelineItem {
  id: number;
  date: string;
  title: string;
  description: string;
  category: string;
  color: string;
  tags: string[];
}

/** An item of GET /api/current-activity; only type and title are read. */
export interface ActivityItem {
  id: number;
  type: string;
  title: string;
}

/** An item of GET /api/now. */
export interface NowItem {
  id: number;
  type: string;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  progress?: number | null;
  metadata?: { isPlaying?: boolean; current?: string; duration?: string } | null;
}

/** A playlist of GET /api/spotify/mood-playlists, as Spotify shapes it; anything may be missing. */
export interface PlaylistItem {
  id?: string | null;
  name?: string | null;
  description?: string | null;
  images?: { url: string }[] | null;
  tracks?: { total?: number | null } | null;
  external_urls?: { spotify?: string | null } | null;
}

export interface MoodPlaylistsResponse {
  mood: string;
  playlists: PlaylistItem[];
}

/** A project as the Deep Dive lists it. */
export interface DeepDiveProject {
  id: number;
  name: string;
  status: string;
  progress: number;
  category: string;
  startDate: string | null;
}
