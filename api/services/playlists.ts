import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { playlists } from '../db/schema.ts';
import { MAX_PLAYLISTS, type Activity, type Mood } from '#domain/vocabulary.ts';

export type { Activity, Mood };

/** SPEC §3 "Mood playlists response": Spotify's own playlist shape. */
export interface PlaylistView {
  id: string;
  name: string;
  description: string | null;
  images: { url: string }[];
  tracks: { total: number };
  external_urls: { spotify: string };
}

type Row = typeof playlists.$inferSelect;

/** The catalogue ranked for a mood and activity: both matching first, then mood only, then activity only. */
export function rankCatalogue(rows: Row[], mood: Mood, activity: Activity): PlaylistView[] {
  return rows
    .map((row) => ({ row, score: (row.moods.includes(mood) ? 2 : 0) + (row.activities.includes(activity) ? 1 : 0) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.row.name.localeCompare(b.row.name))
    .map(({ row }) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      images: row.imageUrl ? [{ url: row.imageUrl }] : [],
      tracks: { total: row.tracksTotal },
      external_urls: { spotify: row.spotifyUrl },
    }));
}

/** Curated entries first, then Spotify's not already listed; entries without an id are skipped. */
export function mergePlaylists(curated: PlaylistView[], found: PlaylistView[]): PlaylistView[] {
  const seen = new Set<string>();
  const merged: PlaylistView[] = [];
  for (const playlist of [...curated, ...found]) {
    if (!playlist.id || seen.has(playlist.id)) continue;
    seen.add(playlist.id);
    merged.push(playlist);
    if (merged.length === MAX_PLAYLISTS) break;
  }
  return merged;
}

export async function moodPlaylists(db: Db, cfg: Config, mood: Mood, activity: Activity) {
  const curated = rankCatalogue(await db.select().from(playlists), mood, activity);
  const found = await searchSpotify(cfg, `${mood} ${activity}`);
  return { mood, playlists: mergePlaylists(curated, found) };
}

// --- Spotify Web API (client credentials), optional -------------------------------------------

let token: { value: string; expiresAt: number } | null = null;
const TIMEOUT_MS = 3000;

/** Spotify's search; any failure (no credentials, network, timeout, odd answer) falls back to nothing. */
async function searchSpotify(cfg: Config, query: string): Promise<PlaylistView[]> {
  if (!cfg.SPOTIFY_CLIENT_ID || !cfg.SPOTIFY_CLIENT_SECRET) return [];
  try {
    const accessToken = await spotifyToken(cfg);
    const url = new URL('/v1/search', cfg.SPOTIFY_API_URL);
    url.search = new URLSearchParams({ q: query, type: 'playlist', limit: String(MAX_PLAYLISTS) }).toString();
    const response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status === 401) token = null;
    if (!response.ok) return [];
    const body = (await response.json()) as { playlists?: { items?: unknown[] } };
    return (body.playlists?.items ?? []).flatMap((item) => {
      const playlist = toPlaylistView(item);
      return playlist ? [playlist] : [];
    });
  } catch {
    return [];
  }
}

async function spotifyToken(cfg: Config): Promise<string> {
  if (token && token.expiresAt > Date.now()) return token.value;
  const response = await fetch(new URL('/api/token', cfg.SPOTIFY_ACCOUNTS_URL), {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${cfg.SPOTIFY_CLIENT_ID}:${cfg.SPOTIFY_CLIENT_SECRET}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Spotify token: ${response.status}`);
  const body = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('Spotify token: no access_token');
  // Renew a minute early so a token never expires mid-request.
  token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
  return token.value;
}

function toPlaylistView(item: unknown): PlaylistView | null {
  if (!item || typeof item !== 'object') return null;
  // Spotify's JSON: every field used below is checked before it is trusted.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const p = item as Record<string, any>;
  if (typeof p.id !== 'string' || !p.id || typeof p.name !== 'string') return null;
  const spotify = p.external_urls?.spotify;
  return {
    id: p.id,
    name: p.name,
    description: typeof p.description === 'string' && p.description ? p.description : null,
    images: Array.isArray(p.images)
      ? p.images.filter((i: { url?: unknown }) => typeof i?.url === 'string').map((i: { url: string }) => ({ url: i.url }))
      : [],
    tracks: { total: Number(p.tracks?.total) || 0 },
    external_urls: { spotify: typeof spotify === 'string' ? spotify : `https://open.spotify.com/playlist/${p.id}` },
  };
}
