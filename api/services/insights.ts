import { and, gte, lte } from 'drizzle-orm';
import { INSIGHTS, SAME_QUANTITY_GROUPS } from '#domain/vocabulary.ts';
import type { Db } from '../db/client.ts';
import { checkins, insightResults } from '../db/schema.ts';
import type { Job } from '../jobs.ts';
import { insightId } from './insight-id.ts';
import { benjaminiHochberg, correlationPValue, pearson } from './insight-stats.ts';
import { dailyValues } from './daily-values.ts';
import { addDays, localDay } from './owner-time.ts';

/**
 * Insights (issue 30, item 4; docs/decisions/023-insights-goals-and-a-year-at-a-glance.md): which of the owner's
 * daily series move together. Every metric's day (from the daily rollups, one device source a day) and every
 * check-in tag (1 on a check-in day carrying it, else 0) is paired with every other, on the same day and with
 * the second read the next day; a pair is a card when enough days overlap, its |r| is large enough and it
 * survives Benjamini–Hochberg over all the pairs tested. Computed by a job and at seed time and stored in
 * `insight_results`: a page only reads the stored result.
 */

export interface InsightSeries {
  kind: 'metric' | 'tag';
  /** A metric's key, or the tag. */
  key: string;
  name: string;
  unit: string;
}

/** The averages of a metric on tagged and untagged days (the tag's day, or the day after for `lag` 1). */
export interface TagContrast {
  key: string;
  name: string;
  unit: string;
  withTag: number;
  withoutTag: number;
  /** Tagged days with a value. */
  taggedDays: number;
  untaggedDays: number;
}

export interface InsightCard {
  /** Stable across recomputes: the pair and its lag, hashed (the address of the card's days). */
  id: string;
  a: InsightSeries;
  /** Read `lag` days after `a`. */
  b: InsightSeries;
  lag: 0 | 1;
  n: number;
  r: number;
  p: number;
  /** [day of a, a's value, b's value], oldest first. */
  days: Array<[string, number, number]>;
  /** For a tag: the paired metric, then mood and energy, on days with and without it. */
  contrasts?: TagContrast[];
}

export interface InsightResult {
  computedAt: Date;
  throughDay: string;
  pairsTested: number;
  cards: InsightCard[];
}

interface Series extends InsightSeries {
  values: Map<string, number>;
}

const sameQuantity = (a: InsightSeries, b: InsightSeries) =>
  a.kind === 'metric' && b.kind === 'metric' && SAME_QUANTITY_GROUPS.some((group) => group.includes(a.key) && group.includes(b.key));

/** Each metric's value per day from `from` through `through`. */
async function metricSeries(db: Db, from: string, through: string): Promise<Series[]> {
  const byKey = new Map<string, Series>();
  for (const row of await dailyValues(db, from, through)) {
    let series = byKey.get(row.key);
    if (!series) byKey.set(row.key, (series = { kind: 'metric', key: row.key, name: row.name, unit: row.unit, values: new Map() }));
    series.values.set(row.day, row.value);
  }
  return [...byKey.values()];
}

/** Each tag used on enough check-in days: 1 on the days carrying it, 0 on the other check-in days. */
async function tagSeries(db: Db, from: string, through: string): Promise<Series[]> {
  const rows = await db.select({ day: checkins.day, tags: checkins.tags }).from(checkins).where(and(gte(checkins.day, from), lte(checkins.day, through)));
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count >= INSIGHTS.minTagDays && count < rows.length)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag]) => ({ kind: 'tag', key: tag, name: tag, unit: '', values: new Map(rows.map((row) => [row.day, row.tags.includes(tag) ? 1 : 0])) }));
}

/** The days both series have, `b` read `lag` days after `a`. */
function overlap(a: Series, b: Series, lag: 0 | 1): Array<[string, number, number]> {
  const days: Array<[string, number, number]> = [];
  for (const [day, x] of [...a.values].sort(([d1], [d2]) => d1.localeCompare(d2))) {
    const y = b.values.get(lag ? addDays(day, lag) : day);
    if (y !== undefined) days.push([day, x, y]);
  }
  return days;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function contrast(tag: Series, metric: Series, lag: 0 | 1): TagContrast | null {
  const days = overlap(tag, metric, lag);
  const tagged = days.filter(([, t]) => t === 1).map(([, , value]) => value);
  const untagged = days.filter(([, t]) => t === 0).map(([, , value]) => value);
  if (!tagged.length || !untagged.length) return null;
  return { key: metric.key, name: metric.name, unit: metric.unit, withTag: mean(tagged), withoutTag: mean(untagged), taggedDays: tagged.length, untaggedDays: untagged.length };
}

/** The pairs worth testing: no two tags, no two measures of one device quantity; a tag always first. */
function candidatePairs(series: Series[]): Array<[Series, Series, 0 | 1]> {
  const pairs: Array<[Series, Series, 0 | 1]> = [];
  for (const a of series) {
    for (const b of series) {
      if (a === b || (a.kind === 'tag' && b.kind === 'tag') || sameQuantity(a, b) || b.kind === 'tag') continue;
      // Same day: each unordered pair once (a tag first); next day: a's day, then b's the day after.
      if (a.kind === 'tag' || a.key < b.key) pairs.push([a, b, 0]);
      pairs.push([a, b, 1]);
    }
  }
  return pairs;
}

/** Computes the insights from the last INSIGHTS.days whole days before `today`. */
export async function computeInsights(db: Db, today: string): Promise<Omit<InsightResult, 'computedAt'>> {
  const through = addDays(today, -1);
  const from = addDays(today, -INSIGHTS.days);
  const series = [...(await metricSeries(db, from, through)), ...(await tagSeries(db, from, through))];
  const tested = candidatePairs(series).flatMap(([a, b, lag]) => {
    const days = overlap(a, b, lag);
    if (days.length < INSIGHTS.minDays) return [];
    const r = pearson(days.map(([, x]) => x), days.map(([, , y]) => y));
    return r === null ? [] : [{ a, b, lag, days, r, p: correlationPValue(r, days.length) }];
  });
  const kept = benjaminiHochberg(tested.map((pair) => pair.p), INSIGHTS.q);
  const strongest = tested.filter((pair, index) => kept[index] && Math.abs(pair.r) >= INSIGHTS.minR).sort((x, y) => Math.abs(y.r) - Math.abs(x.r));
  // One card per two series: the same-day and next-day readings of a pair say one thing twice.
  const shown = new Set<string>();
  const cards: InsightCard[] = [];
  const byKey = new Map(series.filter((s) => s.kind === 'metric').map((s) => [s.key, s]));
  for (const { a, b, lag, days, r, p } of strongest) {
    const pairKey = [`${a.kind}:${a.key}`, `${b.kind}:${b.key}`].sort().join('|');
    if (shown.has(pairKey)) continue;
    shown.add(pairKey);
    const info = ({ kind, key, name, unit }: Series): InsightSeries => ({ kind, key, name, unit });
    const card: InsightCard = { id: insightId(a, b, lag), a: info(a), b: info(b), lag, n: days.length, r, p, days };
    if (a.kind === 'tag') {
      const others = [b, byKey.get('mood'), byKey.get('energy')].filter((s, index, all): s is Series => !!s && all.indexOf(s) === index);
      card.contrasts = others.map((metric) => contrast(a, metric, lag)).filter((c): c is TagContrast => c !== null);
    }
    cards.push(card);
    if (cards.length === INSIGHTS.maxCards) break;
  }
  return { throughDay: through, pairsTested: tested.length, cards };
}

/** Computes and stores the insights (the one row of insight_results). */
export async function refreshInsights(db: Db, zone: string, now = new Date()): Promise<InsightResult> {
  const result = await computeInsights(db, localDay(now, zone));
  const values = { computedAt: now, throughDay: result.throughDay, pairsTested: result.pairsTested, cards: result.cards };
  await db.insert(insightResults).values({ id: 1, ...values }).onConflictDoUpdate({ target: insightResults.id, set: values });
  return { computedAt: now, ...result };
}

/** The stored insights; null before the first computation. */
export async function storedInsights(db: Db): Promise<InsightResult | null> {
  const [row] = await db.select().from(insightResults);
  if (!row) return null;
  return { computedAt: row.computedAt, throughDay: row.throughDay, pairsTested: row.pairsTested, cards: row.cards as InsightCard[] };
}

/**
 * Recomputed hourly: the owner's new days and check-ins reach the cards within the hour. `changed` tells the
 * pages kept from before (the signed-in dashboard's copy) that they are stale.
 */
export const insightsJob = (db: Db, zone: string, changed: () => void): Job => ({
  name: 'insights',
  everyMs: 60 * 60 * 1000,
  run: async () => {
    await refreshInsights(db, zone);
    changed();
  },
});
