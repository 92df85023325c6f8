import { describe, expect, it } from 'vitest';
import { generateSeries, SERIES_DAYS } from './metric-series.ts';
import { seedMetrics } from './metrics.ts';

describe('demo metric history', () => {
  const spec = seedMetrics.find((metric) => metric.key === 'deep-work')!.series;

  it('is the same for the same end day and ends on it, two years long, oldest first', () => {
    const a = generateSeries(spec, '2026-11-20');
    expect(generateSeries(spec, '2026-11-20')).toEqual(a);
    expect(a.at(-1)!.day <= '2026-11-20').toBe(true);
    expect(a[0]!.day >= '2024-11-21').toBe(true);
    expect([...a].sort((x, y) => x.day.localeCompare(y.day))).toEqual(a);
    expect(a.length).toBeLessThan(SERIES_DAYS);
  });

  it('has a weekly rhythm, gaps and a few outliers', () => {
    const points = generateSeries(spec, '2026-11-20');
    const byWeekday = (weekday: number) => {
      const values = points.filter((p) => new Date(`${p.day}T00:00:00Z`).getUTCDay() === weekday).map((p) => p.value);
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(byWeekday(2)).toBeGreaterThan(byWeekday(0) * 2); // Tuesdays are busy, Sundays quiet
    const gaps = SERIES_DAYS - points.length;
    expect(gaps).toBeGreaterThan(10);
    const sorted = points.map((p) => p.value).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(sorted.at(-1)!).toBeGreaterThan(median * 2.5);
  });

  it('gives every seeded metric its own seed and a known aggregation', () => {
    expect(new Set(seedMetrics.map((metric) => metric.series.seed)).size).toBe(seedMetrics.length);
    expect(new Set(seedMetrics.map((metric) => metric.key)).size).toBe(seedMetrics.length);
    expect(seedMetrics.some((metric) => metric.visibility === 'public')).toBe(true);
  });
});
