import { describe, expect, it } from 'vitest';
import { mergePlaylists, rankCatalogue, type PlaylistView } from './playlists.ts';

const row = (id: string, moods: string[], activities: string[]) => ({
  id,
  name: id,
  description: null,
  imageUrl: null,
  tracksTotal: 10,
  spotifyUrl: `https://open.spotify.com/playlist/${id}`,
  moods,
  activities,
  createdAt: new Date(),
});
const view = (id: string): PlaylistView => ({ id, name: id, description: null, images: [], tracks: { total: 0 }, external_urls: { spotify: '' } });

describe('mood playlists', () => {
  it('ranks playlists matching mood and activity above those matching only one, and drops the rest', () => {
    const ranked = rankCatalogue(
      [row('c', [], ['work']), row('a', ['focused'], ['work']), row('b', ['focused'], ['study']), row('z', ['relaxed'], ['workout'])],
      'focused',
      'work',
    );
    expect(ranked.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
  it('keeps at most 9, skips entries without an id and duplicates', () => {
    const curated = ['1', '2', '3'].map(view);
    const found = [view(''), view('2'), ...['4', '5', '6', '7', '8', '9', '10', '11'].map(view)];
    expect(mergePlaylists(curated, found).map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});
