import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { freshDatabase } from '../export/test-databases.ts';
import { compareWithLastMonth, monthlyValues } from './metric-aggregates.ts';
import { rebuildRollups, rollupsInZone, rollupZone } from './metric-rollups.ts';
import { deviceSources, recentSourceDays } from './metric-sources.ts';
import { createMetric, deleteMetric, deletePoint, listMetricsWithCounts, listPoints, pointCount, updateMetric, updatePoint, upsertPoints } from './metrics.ts';
import { zonedToUtc } from './owner-time.ts';

/*
 * The daily rollups (docs/decisions/014-daily-rollups.md) on the database of this test pass (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): whatever writes the points, the rollups equal what the points give.
 */

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  drop = fresh.drop;
  await rebuildRollups(db, ZONE);
}, 120_000);
afterAll(() => drop());

const ZONE = 'Pacific/Auckland';
const NOW = new Date('2026-11-20T03:00:00Z'); // 16:00 on 20 November in Auckland
const local = (wallClock: string) => zonedToUtc(wallClock, ZONE);

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The rollups as stored, and as computed afresh from the points: they must be the same. */
async function rollupsAgainstPoints(): Promise<{ stored: unknown[]; computed: unknown[] }> {
  const shape = (from: string) => sql.raw(`
    select metric_id, to_char(day, 'YYYY-MM-DD') as day, source, points::int as points, total::float8 as total,
      low::float8 as low, high::float8 as high, last_value::float8 as last_value, to_json(last_at) #>> '{}' as last_at
    from (${from}) x order by 1, 2, 3`);
  const stored = rowsOf(await db.execute(shape('select * from metric_daily_rollups')));
  const zone = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from metric_rollup_zone`))[0]!.time_zone;
  const computed = rowsOf(
    await db.execute(
      shape(`select metric_id, (at at time zone '${zone}')::date as day, source, count(*) as points, sum(value) as total,
        min(value) as low, max(value) as high, (array_agg(value order by at desc))[1] as last_value, max(at) as last_at
        from metric_points group by 1, 2, 3`),
    ),
  );
  return { stored, computed };
}

async function expectRollupsRight(): Promise<void> {
  const { stored, computed } = await rollupsAgainstPoints();
  expect(stored).toEqual(computed);
}

let metricCount = 0;
async function newMetric(aggregation: 'sum' | 'average' | 'last' | 'count' = 'sum') {
  metricCount++;
  return createMetric(db, {
    key: `m${metricCount}`,
    name: `Metric ${metricCount}`,
    unit: '',
    icon: 'Zap',
    color: '#6fffe9',
    aggregation,
    visibility: 'owner',
  });
}

describe('the rollups follow every write of points', () => {
  it('service writes, resends, edits that move a point to another day, deletes, plain SQL and a metric deleted', async () => {
    const metric = await newMetric();
    await upsertPoints(db, metric.id, [
      { at: local('2026-11-18T08:00:00'), value: 3 },
      { at: local('2026-11-18T23:30:00'), value: 4 },
      { at: local('2026-11-19T00:30:00'), value: 5, source: 'Apple Watch' },
    ]);
    await expectRollupsRight();
    expect(await pointCount(db, metric.id)).toBe(3);

    // A resent point updates in place.
    await upsertPoints(db, metric.id, [{ at: local('2026-11-18T08:00:00'), value: 30 }]);
    await expectRollupsRight();
    expect(await pointCount(db, metric.id)).toBe(3);

    // An edit moving a point across midnight changes both days.
    const [moved] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from metric_points where metric_id = ${metric.id} and value = 4`),
    );
    await updatePoint(db, metric.id, moved!.id, { at: local('2026-11-17T12:00:00'), value: 6 });
    await expectRollupsRight();

    await deletePoint(db, metric.id, moved!.id);
    await expectRollupsRight();
    expect(await pointCount(db, metric.id)).toBe(2);

    // The owner's own script, with plain SQL: one statement, many rows, two sources.
    await db.execute(sql`
      insert into metric_points (metric_id, at, value, source)
      select ${metric.id}, ${local('2026-10-01T00:00:00').toISOString()}::timestamptz + n * interval '7 minutes', n % 13, case when n % 2 = 0 then 'iPhone' else 'Apple Watch' end
      from generate_series(0, 4999) n`);
    await expectRollupsRight();
    expect(await pointCount(db, metric.id)).toBe(5002);
    await db.execute(sql`update metric_points set value = value + 1 where metric_id = ${metric.id} and source = 'iPhone'`);
    await db.execute(sql`delete from metric_points where metric_id = ${metric.id} and value > 11`);
    await expectRollupsRight();
    const listed = (await listMetricsWithCounts(db)).find((row) => row.id === metric.id)!;
    expect(listed.points).toBe(await pointCount(db, metric.id));

    await deleteMetric(db, metric.key);
    await expectRollupsRight();
    const left = rowsOf(await db.execute(sql`select 1 from metric_daily_rollups where metric_id = ${metric.id}`));
    expect(left).toHaveLength(0);
  });

  it('a truncate empties them', async () => {
    const metric = await newMetric();
    await upsertPoints(db, metric.id, [{ at: local('2026-11-18T08:00:00'), value: 3 }]);
    await db.execute(sql`truncate metric_points`);
    await expectRollupsRight();
    expect(await pointCount(db, metric.id)).toBe(0);
  });
});

describe('counting points without counting them', () => {
  it('a deep page of points starts where plain offset paging would, found through the rollups', async () => {
    const metric = await newMetric();
    await db.execute(sql`
      insert into metric_points (metric_id, at, value, source)
      select ${metric.id}, ${local('2026-06-01T00:00:00').toISOString()}::timestamptz + (n / 2) * interval '13 minutes', n, case when n % 2 = 0 then 'iPhone' else 'Apple Watch' end
      from generate_series(0, 7999) n`);
    expect(await pointCount(db, metric.id)).toBe(8000);
    for (const offset of [5001, 6543, 7990]) {
      const page = await listPoints(db, metric.id, { limit: 25, offset });
      const plain = rowsOf<{ id: number }>(
        await db.execute(sql`select id from metric_points where metric_id = ${metric.id} order by at desc, source limit 25 offset ${offset}`),
      );
      expect(page.map((row) => row.id), String(offset)).toEqual(plain.map((row) => row.id));
    }
    expect(await listPoints(db, metric.id, { limit: 25, offset: 9000 })).toEqual([]);
  });
});

describe('the owner’s time zone', () => {
  it('is stored with the rollups; a different OWNER_TIME_ZONE rebuilds them with the days moved', async () => {
    const metric = await newMetric();
    // 00:30 on 19 November in Auckland is still 18 November in UTC.
    await upsertPoints(db, metric.id, [{ at: local('2026-11-19T00:30:00'), value: 7 }]);
    expect(await rollupZone(db)).toBe(ZONE);
    expect(await rollupsInZone(db, ZONE)).toBeNull();
    const dayOf = async () =>
      rowsOf<{ day: string }>(
        await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from metric_daily_rollups where metric_id = ${metric.id}`),
      ).map((row) => row.day);
    expect(await dayOf()).toEqual(['2026-11-19']);
    expect(await rollupsInZone(db, 'UTC')).toEqual(expect.any(Number));
    expect(await rollupZone(db)).toBe('UTC');
    expect(await dayOf()).toEqual(['2026-11-18']);
    // The triggers use the stored zone from then on.
    await upsertPoints(db, metric.id, [{ at: local('2026-11-19T00:40:00'), value: 1 }]);
    await expectRollupsRight();
    expect(await rollupsInZone(db, ZONE)).toEqual(expect.any(Number));
    expect(await dayOf()).toEqual(['2026-11-19']);
    await expectRollupsRight();
  });
});

describe('one source per day', () => {
  it('counts the device with the most points that day, never both, while a hand-entered point always counts', async () => {
    const metric = await newMetric('sum');
    const minutes = (source: string, count: number, value: number) =>
      Array.from({ length: count }, (_, n) => ({ at: local(`2026-11-10T09:${String(n).padStart(2, '0')}:00`), value, source }));
    // The phone and the watch both counted the same walk; the watch reported more often.
    await upsertPoints(db, metric.id, [...minutes('iPhone', 30, 100), ...minutes('Apple Watch', 40, 80)]);
    await upsertPoints(db, metric.id, [{ at: local('2026-11-10T20:00:00'), value: 500 }]); // typed in the admin form
    const november = (await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!;
    expect(november.value).toBe(40 * 80 + 500);
    expect((await compareWithLastMonth(db, [metric.id], ZONE, NOW)).get(metric.id)!.current).toBe(40 * 80 + 500);

    const [day] = await recentSourceDays(db, metric.id);
    expect(day).toEqual({
      day: '2026-11-10',
      sources: [
        { source: 'manual', points: 1, total: 500, counted: true },
        { source: 'Apple Watch', points: 40, total: 3200, counted: true },
        { source: 'iPhone', points: 30, total: 3000, counted: false },
      ],
    });
    expect(await deviceSources(db, metric.id)).toEqual([
      { source: 'Apple Watch', points: 40 },
      { source: 'iPhone', points: 30 },
    ]);
  });

  it('breaks a tie by the owner’s priority, then by name', async () => {
    const metric = await newMetric('sum');
    await upsertPoints(db, metric.id, [
      { at: local('2026-11-11T09:00:00'), value: 10, source: 'iPhone' },
      { at: local('2026-11-11T09:00:00'), value: 20, source: 'Apple Watch' },
    ]);
    const value = async () => (await monthlyValues(db, [metric.id], ZONE, NOW)).get(metric.id)!.at(-1)!.value;
    expect(await value()).toBe(20); // 'Apple Watch' before 'iPhone' by name
    await updateMetric(db, metric.key, { sourcePriority: ['iPhone', 'Apple Watch'] });
    expect(await value()).toBe(10);
    expect((await recentSourceDays(db, metric.id))[0]!.sources.map((s) => [s.source, s.counted])).toEqual([
      ['iPhone', true],
      ['Apple Watch', false],
    ]);
  });

  it('averages and takes the last value from the counted source only', async () => {
    const average = await newMetric('average');
    const last = await newMetric('last');
    for (const metric of [average, last]) {
      await upsertPoints(db, metric.id, [
        { at: local('2026-11-12T07:00:00'), value: 60, source: 'Apple Watch' },
        { at: local('2026-11-12T08:00:00'), value: 62, source: 'Apple Watch' },
        { at: local('2026-11-12T09:00:00'), value: 90, source: 'iPhone' },
      ]);
    }
    const months = await monthlyValues(db, [average.id, last.id], ZONE, NOW);
    expect(months.get(average.id)!.at(-1)!.value).toBe(61);
    expect(months.get(last.id)!.at(-1)!.value).toBe(62);
    expect((await compareWithLastMonth(db, [last.id], ZONE, NOW)).get(last.id)!.current).toBe(62);
  });
});
