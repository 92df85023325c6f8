import { describe, expect, it } from 'vitest';
import { SPARKLINE, sparklinePaths, sparklinePoints } from './sparkline.ts';

describe('sparkline geometry', () => {
  it('draws nothing without numbers', () => {
    expect(sparklinePaths(null)).toBeNull();
    expect(sparklinePaths([])).toBeNull();
    expect(sparklinePaths(['a', Number.NaN])).toBeNull();
  });

  it('spans the 64 px box, highest value at the top and lowest at the bottom, inset by half the line width', () => {
    const points = sparklinePoints([8, 14, 11])!;
    expect(points.map((p) => p.x)).toEqual([0, 32, 64]);
    expect(points[1]!.y).toBe(1);
    expect(points[0]!.y).toBe(31);
  });

  it('draws a flat series, or a single value, as a level line through the middle', () => {
    expect(sparklinePoints([5, 5, 5])!.every((p) => p.y === 16)).toBe(true);
    const single = sparklinePoints([7])!;
    expect(single).toHaveLength(2);
    expect(single.map((p) => p.x)).toEqual([0, 64]);
  });

  it('curves with cubic segments (tension 0.4) and closes the filled area along the bottom edge', () => {
    const paths = sparklinePaths([1, 3, 2, 5])!;
    expect(paths.line.startsWith('M0 ')).toBe(true);
    expect(paths.line.match(/C/g)).toHaveLength(3);
    expect(paths.area.endsWith(`L64 ${SPARKLINE.height} L0 ${SPARKLINE.height} Z`)).toBe(true);
  });

  it('keeps every control point inside the box so the curve is never clipped', () => {
    const paths = sparklinePaths([0, 100, 0, 100, 0])!;
    const numbers = paths.line.replace(/[MC]/g, ' ').trim().split(/\s+/).map(Number);
    for (let i = 0; i < numbers.length; i += 2) {
      expect(numbers[i]).toBeGreaterThanOrEqual(0);
      expect(numbers[i]).toBeLessThanOrEqual(64);
      expect(numbers[i + 1]).toBeGreaterThanOrEqual(1);
      expect(numbers[i + 1]).toBeLessThanOrEqual(31);
    }
  });

  it('draws straight segments with tension 0', () => {
    const paths = sparklinePaths([0, 10], { ...SPARKLINE, tension: 0 })!;
    expect(paths.line).toBe('M0 31 C0 31 64 1 64 1');
  });
});
