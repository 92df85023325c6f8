import { describe, expect, it } from 'vitest';
import { currentlyReading, nowPlaying } from './now-footer.ts';

const track = { id: 1, type: 'spotify', title: 'Slow Orbit', subtitle: 'Kelp & Cable', progress: 45, metadata: { isPlaying: true, current: '1:48', duration: '3:57' } };
const book = { id: 2, type: 'reading', title: 'Invisible Women', subtitle: 'Caroline Criado Perez', progress: 58, metadata: null };

describe('now footer', () => {
  it('shows the track with its progress, times and playing state', () => {
    expect(nowPlaying([book, track])).toEqual({
      title: 'Slow Orbit',
      subtitle: 'Kelp & Cable',
      description: '',
      progress: 45,
      isPlaying: true,
      current: '1:48',
      duration: '3:57',
      fallback: false,
    });
    expect(nowPlaying([{ ...track, metadata: { isPlaying: false } }])).toMatchObject({ isPlaying: false, current: '2:34', duration: '4:12' });
  });

  it('falls back to 62 and 2:34 of 4:12, not playing, when no track arrives', () => {
    for (const items of [null, [], [book]]) {
      expect(nowPlaying(items)).toMatchObject({ progress: 62, current: '2:34', duration: '4:12', isPlaying: false, fallback: true });
    }
  });

  it('shows the book being read, or 67 percent when none arrives', () => {
    expect(currentlyReading([track, book])).toMatchObject({ title: 'Invisible Women', progress: 58, fallback: false });
    expect(currentlyReading(undefined)).toMatchObject({ progress: 67, fallback: true });
  });

  it("shows an item's description, and none for the fallbacks", () => {
    expect(nowPlaying([{ ...track, description: ' Recorded on a night train. ' }]).description).toBe('Recorded on a night train.');
    expect(currentlyReading([{ ...book, description: 'On data gaps.' }]).description).toBe('On data gaps.');
    expect(nowPlaying(null).description).toBe('');
    expect(currentlyReading([]).description).toBe('');
  });

  it('keeps a progress of 0 and clamps anything outside 0 to 100', () => {
    expect(currentlyReading([{ ...book, progress: 0 }]).progress).toBe(0);
    expect(nowPlaying([{ ...track, progress: 140 }]).progress).toBe(100);
  });
});
