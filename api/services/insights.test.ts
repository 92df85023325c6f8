import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from '../db/client.ts';
import { checkins, metricPoints, metrics } from '../db/schema.ts';
import { insightId } from './insight-id.ts';
import { refreshInsights, storedInsights } from './insights.ts';
import { addDays } from './owner-time.ts';

const TODAY = '2026-06-01';
let db: Db;
let close: () => Promise<void>;

/** 60 days: outdoors every third day lifts mood from 3 to 4; steps wander; distance is steps again; coffee has 10 days. */
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
  const ids = Object.fromEntries(
    (
      await db
        .insert(metrics)
        .values(['mood', 'steps', 'walking-distance', 'coffee'].map((key) => ({ key, name: key, aggregation: key === 'mood' ? 'average' : 'sum' })))
        .returning({ id: metrics.id, key: metrics.key })
    ).map((row) => [row.key, row.id]),
  );
  const points = [];
  const rows = [];
  for (let i = 1; i <= 60; i++) {
    const day = addDays(TODAY, -i);
    const at = new Date(`${day}T12:00:00Z`);
    const outdoors = i % 3 === 0;
    const steps = 5000 + ((i * 7919) % 1000);
    rows.push({ day, mood: outdoors ? 4 : 3, tags: outdoors ? ['outdoors'] : [] });
    points.push({ metricId: ids.mood!, at, value: outdoors ? 4 : 3 });
    points.push({ metricId: ids.steps!, at, value: steps });
    points.push({ metricId: ids['walking-distance']!, at, value: steps * 0.0007 });
    if (i <= 10) points.push({ metricId: ids.coffee!, at, value: outdoors ? 2 : 1 });
  }
  await db.insert(checkins).values(rows);
  await db.insert(metricPoints).values(points);
}, 60_000);
afterAll(() => close());

describe('insights', () => {
  it('finds a tag that goes with mood, with its averages on days with and without it', async () => {
    const result = await refreshInsights(db, 'UTC', new Date(`${TODAY}T08:00:00Z`));
    expect(result.throughDay).toBe(addDays(TODAY, -1));
    const card = result.cards.find((c) => c.a.key === 'outdoors' && c.b.key === 'mood');
    expect(card).toMatchObject({ lag: 0, n: 60, id: insightId(card!.a, card!.b, 0) });
    expect(card!.r).toBeCloseTo(1, 9);
    expect(card!.contrasts).toEqual([{ key: 'mood', name: 'mood', unit: '', withTag: 4, withoutTag: 3, taggedDays: 20, untaggedDays: 40 }]);
    expect(card!.days[0]).toEqual([addDays(TODAY, -60), 1, 4]);
  });

  it('never pairs one device quantity, shows no pair under 14 days, and keeps at most five, strongest first', async () => {
    const { cards, pairsTested } = await refreshInsights(db, 'UTC', new Date(`${TODAY}T08:00:00Z`));
    const pairs = cards.map((c) => [c.a.key, c.b.key].sort().join('+'));
    expect(pairs).not.toContain('steps+walking-distance');
    expect(cards.some((c) => c.a.key === 'coffee' || c.b.key === 'coffee')).toBe(false);
    expect(cards.length).toBeLessThanOrEqual(5);
    expect(new Set(pairs).size).toBe(pairs.length);
    const strengths = cards.map((c) => Math.abs(c.r));
    expect(strengths).toEqual([...strengths].sort((x, y) => y - x));
    for (const card of cards) expect(Math.abs(card.r)).toBeGreaterThanOrEqual(0.3);
    // Tested: outdoors with mood and steps (same and next day: 4), distance (2) and three metrics' pairs besides
    // steps+distance (mood+steps, mood+distance: 2 same-day + 4 next-day); coffee overlaps 10 days at most.
    expect(pairsTested).toBe(12);
  });

  it('stores the result for pages to read', async () => {
    const computed = await refreshInsights(db, 'UTC', new Date(`${TODAY}T08:00:00Z`));
    const stored = await storedInsights(db);
    expect(stored).toEqual(computed);
  });
});
