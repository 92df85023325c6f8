import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from '../db/client.ts';
import { generateSeries, type SeriesSpec } from '../seed/metric-series.ts';
import { aggregatesValidity } from './metric-aggregate-cache.ts';
import { compareWithLastMonth, monthlyValues } from './metric-aggregates.ts';
import { changeCaption, withMetricKpis, withMetricTrends } from './metric-backed.ts';
import { createMetric, upsertPoints } from './metrics.ts';
import { rebuildRollups } from './metric-rollups.ts';
import { localDay, zonedToUtc } from './owner-time.ts';
import { kpis, metricPoints, trends } from '../db/schema.ts';
import { invalidatePaths } from '../cache/invalidation.ts';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
  await rebuildRollups(db, ZONE);
}, 60_000);
afterAll(() => close());

const ZONE = 'Pacific/Auckland';
const NOW = new Date('2026-11-20T03:00:00Z'); // 16:00 on 20 November in Auckland
const spec: SeriesSpec = {
  base: 10,
  week: [1, 1.2, 1, 1, 0.9, 0.4, 0.3],
  noise: 0.4,
  gapRate: 0.1,
  outlierRate: 0.02,
  drift: 0.3,
  decimals: 1,
  seed: 99,
};

async function metricWith(
  key: string,
  aggregation: 'sum' | 'average' | 'last' | 'count',
  points: Array<{ at: Date; value: number }>,
) {
  const metric = await createMetric(db, {
    key,
    name: key,
    unit: '',
    icon: 'Zap',
    color: '#6fffe9',
    aggregation,
    visibility: 'owner',
  });
  await upsertPoints(db, metric.id, points);
  return metric;
}

/** The generator's points as instants: noon of each day in the owner's zone, as the seed stores them. */
const series = generateSeries(spec, localDay(NOW, ZONE)).map(({ day, value }) => ({
  day,
  value,
  at: zonedToUtc(`${day}T12:00:00`, ZONE),
}));

/** What PostgreSQL should answer, computed here the plain way from the same generator. */
function expectedMonths(aggregation: string): Array<number | null> {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const date = new Date(Date.UTC(2026, 10 - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months.map((month) => {
    const values = series.filter((point) => point.day.startsWith(month)).map((point) => point.value);
    if (aggregation === 'sum') return values.reduce((a, b) => a + b, 0);
    if (aggregation === 'count') return values.length;
    if (aggregation === 'average') return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    return values.length ? values[values.length - 1]! : null;
  });
}

describe('monthly aggregation in SQL', () => {
  it.each(['sum', 'average', 'last', 'count'] as const)(
    '%s per month matches the generator, twelve months ending this month',
    async (aggregation) => {
      const metric = await metricWith(`gen-${aggregation}`, aggregation, series);
      const months = (await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!;
      expect(months.map((m) => m.month)).toEqual([
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ]);
      const expected = expectedMonths(aggregation);
      months.forEach((month, index) => expect(month.value, month.month).toBeCloseTo(expected[index]!, 6));
    },
  );

  it('puts a point in the owner’s month, not UTC’s: 00:30 on 1 November in Auckland is still October in UTC', async () => {
    const firstOfNovember = zonedToUtc('2026-11-01T00:30:00', ZONE);
    const lastOfOctober = zonedToUtc('2026-10-31T23:30:00', ZONE);
    expect(firstOfNovember.toISOString()).toBe('2026-10-31T11:30:00.000Z');
    const metric = await metricWith('boundary', 'sum', [
      { at: firstOfNovember, value: 5 },
      { at: lastOfOctober, value: 3 },
    ]);
    const months = (await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!;
    expect(months.at(-1)).toEqual({ month: '2026-11', value: 5 });
    expect(months.at(-2)).toEqual({ month: '2026-10', value: 3 });
    // The same points in UTC fall both into October (the rollups' days move with the zone).
    await rebuildRollups(db, 'UTC');
    const inUtc = (await monthlyValues(db, [metric.id], 'UTC', NOW)).get(metric.id)!;
    await rebuildRollups(db, ZONE);
    expect(inUtc.at(-2)).toEqual({ month: '2026-10', value: 8 });
    expect(inUtc.at(-1)).toEqual({ month: '2026-11', value: 0 });
  });

  it('ignores points after now', async () => {
    const metric = await metricWith('future', 'sum', [
      { at: new Date(NOW.getTime() - 60_000), value: 2 },
      { at: new Date(NOW.getTime() + 3_600_000), value: 40 },
    ]);
    expect((await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value).toBe(2);
  });
});

describe('this month so far against last month to the same moment', () => {
  it('sums 1–20 November against 1–20 October (owner’s days)', async () => {
    const metric = await metricWith('compare-sum', 'sum', [
      { at: zonedToUtc('2026-10-02T09:00:00', ZONE), value: 10 },
      { at: zonedToUtc('2026-10-20T15:00:00', ZONE), value: 10 },
      { at: zonedToUtc('2026-10-25T09:00:00', ZONE), value: 1000 }, // after the same moment last month
      { at: zonedToUtc('2026-11-01T00:10:00', ZONE), value: 11 },
      { at: zonedToUtc('2026-11-19T09:00:00', ZONE), value: 11 },
    ]);
    const comparison = (await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)!;
    expect(comparison).toEqual({ current: 22, previous: 20 });
    expect(changeCaption(comparison.current, comparison.previous)).toBe('+10 % vs last month');
  });

  it('compares the latest point with the one a month ago for a "last" metric', async () => {
    const metric = await metricWith('compare-last', 'last', [
      { at: zonedToUtc('2026-10-10T08:00:00', ZONE), value: 80 },
      { at: zonedToUtc('2026-10-30T08:00:00', ZONE), value: 78 },
      { at: zonedToUtc('2026-11-15T08:00:00', ZONE), value: 76 },
    ]);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)).toEqual({
      current: 76,
      previous: 80,
    });
  });

  it('averages and counts the same windows', async () => {
    const points = [
      { at: zonedToUtc('2026-10-05T08:00:00', ZONE), value: 4 },
      { at: zonedToUtc('2026-10-06T08:00:00', ZONE), value: 6 },
      { at: zonedToUtc('2026-11-05T08:00:00', ZONE), value: 9 },
    ];
    const average = await metricWith('compare-average', 'average', points);
    const count = await metricWith('compare-count', 'count', points);
    const result = await compareWithLastMonth(db, [average.id, count.id], ZONE, NOW);
    expect(result.get(average.id)).toEqual({ current: 9, previous: 5 });
    expect(result.get(count.id)).toEqual({ current: 1, previous: 2 });
  });
});

describe('KPIs and trends backed by a metric', () => {
  it('computes value, change and sparkline of a KPI, and leaves a hand-set one alone', async () => {
    const metric = await metricWith('kpi-backed', 'sum', [
      { at: zonedToUtc('2026-10-03T08:00:00', ZONE), value: 1000 },
      { at: zonedToUtc('2026-11-03T08:00:00', ZONE), value: 1240 },
    ]);
    const [backed, handSet] = await db
      .insert(kpis)
      .values([
        { name: 'Backed', value: 'x', icon: 'Zap', category: 'test', metricId: metric.id },
        { name: 'Hand-set', value: '7', icon: 'Zap', category: 'test', change: 'typed', sparklineData: [1, 2] },
      ])
      .returning();
    const [computed, untouched] = await withMetricKpis(db, [backed!, handSet!], ZONE, NOW);
    expect(computed).toMatchObject({ value: '1,240', change: '+24 % vs last month' });
    expect(computed!.sparklineData).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 1240]);
    expect(untouched).toEqual(handSet);
  });

  it('gives a trend twelve monthly values with their month labels', async () => {
    const metric = await metricWith('trend-backed', 'sum', series);
    const [row] = await db
      .insert(trends)
      .values({ name: 'T', data: [1], labels: ['x'], unit: '', description: '', metricId: metric.id })
      .returning();
    const [computed] = await withMetricTrends(db, [row!], ZONE, NOW);
    expect(computed!.labels).toEqual([
      'Dec',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
    ]);
    expectedMonths('sum').forEach((value, index) => expect(computed!.data[index]).toBeCloseTo(value!, 1));
  });

  it("spans every month since the first point for all time (in the owner's zone), naming each month with its year", async () => {
    // 00:30 on 1 March 2024 in Auckland is still February in UTC: the history starts in March.
    const metric = await metricWith('trend-all-time', 'sum', [
      { at: zonedToUtc('2024-03-01T00:30:00', ZONE), value: 5 },
      { at: zonedToUtc('2026-11-02T08:00:00', ZONE), value: 7 },
    ]);
    const [row, handSet] = await db
      .insert(trends)
      .values([
        { name: 'All', data: [1], labels: ['x'], unit: '', description: '', metricId: metric.id },
        { name: 'Typed', data: [3, 4], labels: ['a', 'b'], unit: '', description: '' },
      ])
      .returning();
    const [computed, typed] = await withMetricTrends(db, [row!, handSet!], ZONE, NOW, 'all');
    // March 2024 to November 2026: 33 months.
    expect(computed!.periods).toHaveLength(33);
    expect(computed!.periods![0]).toBe('2024-03');
    expect(computed!.labels[0]).toBe('Mar 2024');
    expect(computed!.labels.at(-1)).toBe('Nov 2026');
    expect(computed!.data[0]).toBe(5);
    expect(computed!.data.at(-1)).toBe(7);
    expect(computed!.data.slice(1, -1).every((value) => value === 0)).toBe(true);
    expect(typed).toEqual(handSet);
    // Twelve months still, with the months named so events can be placed on them.
    const [yearly] = await withMetricTrends(db, [row!], ZONE, NOW);
    expect(yearly!.periods).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
  });
});

describe('writing points', () => {
  it('updates instead of duplicating when the same instant comes again, keeping the note when none is sent', async () => {
    const metric = await metricWith('idempotent', 'sum', []);
    const at = new Date('2026-11-01T00:00:00Z');
    expect(await upsertPoints(db, metric.id, [{ at, value: 1, note: 'first' }])).toEqual({ inserted: 1, updated: 0 });
    expect(
      await upsertPoints(db, metric.id, [
        { at, value: 2 },
        { at: new Date('2026-11-02T00:00:00Z'), value: 3 },
      ]),
    ).toEqual({ inserted: 1, updated: 1 });
    const { listPoints } = await import('./metrics.ts');
    const rows = await listPoints(db, metric.id);
    expect(rows.map((row) => [row.value, row.note])).toEqual([
      [3, null],
      [2, 'first'],
    ]);
  });
});

describe('aggregates kept between reads (metric-aggregate-cache.ts)', () => {
  const later = (ms: number) => new Date(NOW.getTime() + ms);
  const HOUR = 3_600_000;

  it('counts a point written through the service at the next read', async () => {
    const metric = await metricWith('cached-write', 'sum', [{ at: later(-HOUR), value: 2 }]);
    expect((await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value).toBe(2);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)!.current).toBe(2);
    await upsertPoints(db, metric.id, [{ at: later(-2 * HOUR), value: 5 }]);
    expect((await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value).toBe(7);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)!.current).toBe(7);
  });

  it('counts a point written elsewhere once `/` is invalidated (another process, an import)', async () => {
    const metric = await metricWith('cached-elsewhere', 'sum', [{ at: later(-HOUR), value: 2 }]);
    expect((await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value).toBe(2);
    await db.insert(metricPoints).values({ metricId: metric.id, at: later(-3 * HOUR), value: 1 });
    await invalidatePaths(['/']);
    expect((await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value).toBe(3);
  });

  it('counts a point once now reaches it', async () => {
    const metric = await metricWith('cached-future', 'sum', [{ at: later(HOUR), value: 40 }]);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)!.current).toBe(0);
    expect((await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value).toBe(0);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, later(2 * HOUR))).get(metric.id)!.current).toBe(40);
    expect((await monthlyValues(db, [metric.id], ZONE, later(2 * HOUR))).get(metric.id)!.at(-1)!.value).toBe(40);
    // A read for an earlier instant is not answered from a later one.
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)!.current).toBe(0);
  });

  it('counts last month’s point once the same moment last month passes it', async () => {
    // An hour after the same moment last month (16:00 on 20 October in Auckland).
    const metric = await metricWith('cached-month-ago', 'sum', [
      { at: zonedToUtc('2026-10-20T17:00:00', ZONE), value: 10 },
    ]);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)).toEqual({
      current: 0,
      previous: 0,
    });
    expect((await compareWithLastMonth(db, [metric.id], ZONE, later(2 * HOUR))).get(metric.id)).toEqual({
      current: 0,
      previous: 10,
    });
  });

  it('says exactly when last month’s point starts to count, so the answer is kept until then', async () => {
    // The demo's readings are daily at fixed local times: a three-hour margin on every such instant left
    // most of each day with nothing kept. Only near a daylight-saving change is the instant moved earlier.
    const metric = await metricWith('cached-exact', 'sum', [
      { at: zonedToUtc('2026-10-20T17:00:00', ZONE), value: 10 },
    ]);
    const { until } = await aggregatesValidity(() => compareWithLastMonth(db, [metric.id], ZONE, NOW));
    expect(until).toBe(zonedToUtc('2026-11-20T17:00:00', ZONE).getTime());
  });

  it('moves that instant three hours earlier when it comes from a point near a daylight-saving change', async () => {
    // Auckland moves its clocks forward at 02:00 on 27 September 2026; a month later is 27 October.
    const metric = await metricWith('cached-dst', 'sum', [{ at: zonedToUtc('2026-09-27T04:00:00', ZONE), value: 10 }]);
    const now = zonedToUtc('2026-10-27T00:00:00', ZONE);
    const { until } = await aggregatesValidity(() => compareWithLastMonth(db, [metric.id], ZONE, now));
    expect(until).toBe(zonedToUtc('2026-10-27T04:00:00', ZONE).getTime() - 3 * HOUR);
  });

  it('holds no longer than the owner’s day: a month back from the 30th and the 31st is the same 30 November', async () => {
    const metric = await metricWith('cached-day', 'sum', [{ at: zonedToUtc('2026-11-30T20:00:00', ZONE), value: 3 }]);
    // At 21:00 on 30 December the same moment last month (30 November, 21:00) has passed the point;
    // at 01:00 on the 31st it is 30 November, 01:00 again, and the point no longer counts.
    const evening = zonedToUtc('2026-12-30T21:00:00', ZONE);
    const { value, until } = await aggregatesValidity(() => compareWithLastMonth(db, [metric.id], ZONE, evening));
    expect(value.get(metric.id)!.previous).toBe(3);
    expect(until).toBe(zonedToUtc('2026-12-31T00:00:00', ZONE).getTime());
    const night = zonedToUtc('2026-12-31T01:00:00', ZONE);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, night)).get(metric.id)!.previous).toBe(0);
  });

  it('moves to the next month when the owner’s month turns', async () => {
    const metric = await metricWith('cached-month', 'sum', [{ at: zonedToUtc('2026-11-30T20:00:00', ZONE), value: 3 }]);
    const lastHour = zonedToUtc('2026-11-30T23:30:00', ZONE);
    const november = (await monthlyValues(db, [metric.id], ZONE, lastHour)).get(metric.id)!;
    expect(november.at(-1)).toEqual({ month: '2026-11', value: 3 });
    const december = (await monthlyValues(db, [metric.id], ZONE, zonedToUtc('2026-12-01T00:30:00', ZONE))).get(
      metric.id,
    )!;
    expect(december.at(-1)).toEqual({ month: '2026-12', value: 0 });
  });
});
