import { describe, expect, it } from 'vitest';
import { generateSeries, SERIES_DAYS } from './metric-series.ts';
import { standing } from '../services/goals.ts';
import { addDays } from '../services/owner-time.ts';
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

  it('brings twenty metrics and about 15,000 points, some logged several times a day', () => {
    expect(seedMetrics).toHaveLength(20);
    const all = seedMetrics.map((metric) => generateSeries(metric.series, '2026-11-20'));
    const total = all.reduce((sum, points) => sum + points.length, 0);
    expect(total).toBeGreaterThan(14_000);
    expect(total).toBeLessThan(17_000);
    const water = generateSeries(seedMetrics.find((metric) => metric.key === 'water')!.series, '2026-11-20');
    const lastDay = water.filter((point) => point.day === water.at(-1)!.day);
    expect(lastDay.map((point) => point.time)).toEqual(['09:00', '13:00', '18:00']);
  });

  it("keeps the demo's hydration goal (8 glasses a day, no rest days) on a streak whatever day it is seeded", () => {
    const water = seedMetrics.find((metric) => metric.key === 'water')!.series;
    for (let offset = 0; offset < 7; offset++) {
      const today = addDays('2026-11-20', offset);
      const days = new Map<string, number>();
      for (const point of generateSeries(water, today)) days.set(point.day, (days.get(point.day) ?? 0) + point.value);
      const { streak } = standing({ period: 'day', kind: 'fixed', amount: 8, restDays: 0 }, 'sum', days, today);
      expect(streak, `seeded on ${today}`).toBeGreaterThanOrEqual(2);
    }
  });
});
