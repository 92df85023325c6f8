import { describe, expect, it } from 'vitest';
import { playlistCreate } from '#domain/shapes.ts';
import { ACTIVITIES, MOODS } from '#domain/vocabulary.ts';
import { moodEmoji, moodPlaylistsUrl, playlistCards } from './mood-matcher.ts';

describe('mood matcher display rules', () => {
  it('offers exactly the moods and activities the API accepts', () => {
    const accepted = (field: 'moods' | 'activities', value: string) =>
      playlistCreate.shape[field].safeParse([value]).success;
    expect(MOODS.every((mood) => accepted('moods', mood.value))).toBe(true);
    expect(ACTIVITIES.every((activity) => accepted('activities', activity.value))).toBe(true);
    expect(accepted('moods', 'sleepy')).toBe(false);
    expect(accepted('activities', 'napping')).toBe(false);
  });

  it('gives every mood an emoji and an unknown mood a music note', () => {
    expect(MOODS.every((mood) => mood.emoji.length > 0 && (mood.emoji as string) !== '🎵')).toBe(true);
    expect(moodEmoji('coding')).toBe('💻');
    expect(moodEmoji('melancholic')).toBe('🎵');
  });

  it('skips entries without an id and keeps at most nine', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, name: `Playlist ${i}` }));
    expect(playlistCards([{ name: 'No id' }, { id: '', name: 'Empty id' }, ...many]).map((card) => card.id)).toEqual(
      many.slice(0, 9).map((playlist) => playlist.id),
    );
    expect(playlistCards(null)).toEqual([]);
  });

  it("fills a missing description with 'Curated playlist' and a missing track count with 0", () => {
    const [card] = playlistCards([{ id: 'a1', name: 'Quiet', description: null, tracks: null, images: [] }]);
    expect(card).toMatchObject({ description: 'Curated playlist', tracks: 0, imageUrl: null, url: null });
    expect(playlistCards([{ id: 'a2', description: '  ', tracks: { total: 42 } }])[0]).toMatchObject({
      description: 'Curated playlist',
      tracks: 42,
    });
  });

  it('links and shows images only from http(s) or our own image store', () => {
    const [card] = playlistCards([
      { id: 'x', images: [{ url: 'javascript:alert(1)' }], external_urls: { spotify: 'javascript:alert(1)' } },
    ]);
    expect(card).toMatchObject({ imageUrl: null, url: null });
    const [ours] = playlistCards([
      { id: 'y', images: [{ url: '/api/images/abc' }], external_urls: { spotify: 'https://open.spotify.com/playlist/y' } },
    ]);
    expect(ours).toMatchObject({ imageUrl: '/api/images/abc', url: 'https://open.spotify.com/playlist/y' });
  });

  it('asks the API for the chosen mood and activity', () => {
    expect(moodPlaylistsUrl('relaxed', 'study')).toBe('/api/spotify/mood-playlists?mood=relaxed&activity=study');
  });
});
