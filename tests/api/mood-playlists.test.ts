import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedPlaylists } from '#api/seed/data.ts';
import { call, getJson } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/** The mood matcher: the curated catalogue, merged with Spotify's search when Spotify answers. */
let viewer = '';
const spotify = () => inject('services').SPOTIFY_API_URL!;
const setMode = (mode: 'ok' | 'fail' | 'hang') =>
  fetch(`${spotify()}/__mode`, { method: 'POST', body: JSON.stringify({ mode }) });

beforeAll(async () => {
  viewer = await sessionCookie('viewer');
});

describe('GET /api/spotify/mood-playlists', () => {
  it('answers SPEC’s shape with curated playlists first, then Spotify’s, at most 9 and none without an id', async () => {
    await setMode('ok');
    const body = await getJson('/api/spotify/mood-playlists?mood=coding&activity=work', viewer);
    expect(body.mood).toBe('coding');
    expect(body.playlists.length).toBeLessThanOrEqual(9);
    for (const playlist of body.playlists) {
      expect(playlist).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        description: playlist.description === null ? null : expect.any(String),
        images: expect.any(Array),
        tracks: { total: expect.any(Number) },
        external_urls: { spotify: expect.stringMatching(/^https:\/\/open\.spotify\.com\/playlist\//) },
      });
      expect(playlist.id).not.toBe('');
    }
    const curated = seedPlaylists.filter((p) => p.moods.includes('coding') && p.activities.includes('work')).map((p) => p.id);
    expect(body.playlists.slice(0, curated.length).map((p: { id: string }) => p.id).sort()).toEqual(curated.sort());
  });

  it('includes Spotify’s search results when the catalogue leaves room', async () => {
    await setMode('ok');
    const body = await getJson('/api/spotify/mood-playlists?mood=relaxed&activity=workout', viewer);
    const ids = body.playlists.map((p: { id: string }) => p.id);
    if (ids.length < 9) expect(ids).toContain('SpotifyFound0001');
  });

  it('falls back to the catalogue alone when Spotify fails', async () => {
    await setMode('fail');
    const body = await getJson('/api/spotify/mood-playlists?mood=focused&activity=study', viewer);
    expect(body.playlists.length).toBeGreaterThan(0);
    expect(body.playlists.map((p: { id: string }) => p.id)).not.toContain('SpotifyFound0001');
    await setMode('ok');
  });

  it('still answers from the catalogue when Spotify never answers (the 3 s timeout)', async () => {
    await setMode('hang');
    const response = await call('/api/spotify/mood-playlists?mood=energetic&activity=workout', { cookie: viewer });
    expect(response.status).toBe(200);
    expect((await response.json()).playlists.length).toBeGreaterThan(0);
    await setMode('ok');
  });
});
