import { describe, expect, it } from 'vitest';
import { ENCODE_ATTEMPTS, fitWithin, MAX_SIDE_PX, needsDownscale, UPLOAD_BUDGET_BYTES } from './downscale-image.ts';

const MB = 1024 * 1024;

describe('deciding whether an upload must be downscaled', () => {
  it('sends a small image of a format the server reads untouched', () => {
    expect(needsDownscale({ size: 2 * MB, type: 'image/jpeg' })).toBe(false);
    expect(needsDownscale({ size: UPLOAD_BUDGET_BYTES, type: 'image/png' })).toBe(false);
  });

  it('re-encodes anything over the 4 MB budget, so a request never passes Vercel’s 4.5 MB limit', () => {
    expect(UPLOAD_BUDGET_BYTES).toBeLessThan(4.5 * 1000 * 1000);
    expect(needsDownscale({ size: UPLOAD_BUDGET_BYTES + 1, type: 'image/jpeg' })).toBe(true);
    expect(needsDownscale({ size: 9.5 * MB, type: 'image/webp' })).toBe(true);
  });

  it('converts a format the server does not read, however small', () => {
    expect(needsDownscale({ size: 300_000, type: 'image/heic' })).toBe(true);
    expect(needsDownscale({ size: 300_000, type: 'image/bmp' })).toBe(true);
  });
});

describe('the downscaled size', () => {
  it('fits the longest side within the limit and keeps the aspect ratio', () => {
    expect(fitWithin(6000, 4000, MAX_SIDE_PX)).toEqual({ width: 2560, height: 1707 });
    expect(fitWithin(3000, 6000, 1920)).toEqual({ width: 960, height: 1920 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(800, 600, MAX_SIDE_PX)).toEqual({ width: 800, height: 600 });
  });

  it('tries ever smaller encodings, never a larger one', () => {
    for (let i = 1; i < ENCODE_ATTEMPTS.length; i++) {
      const [previous, next] = [ENCODE_ATTEMPTS[i - 1]!, ENCODE_ATTEMPTS[i]!];
      expect(next.maxSide <= previous.maxSide && next.quality <= previous.quality).toBe(true);
      expect(next.maxSide < previous.maxSide || next.quality < previous.quality).toBe(true);
    }
  });
});
