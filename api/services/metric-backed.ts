import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { metrics, type kpis, type trends } from '../db/schema.ts';
import { compareWithLastMonth, monthlyValues, monthsOfHistory, type MonthValue } from './metric-aggregates.ts';

/**
 * KPIs and trends backed by a metric show numbers computed from its points; the rest keep their
 * hand-set values. The answer keeps SPEC's shapes either way.
 */
type KpiRow = typeof kpis.$inferSelect;
type TrendRow = typeof trends.$inferSelect;

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1,240 · 7.5 · 0.25: whole numbers from 100 up, otherwise up to two significant decimals. */
export function formatMetricValue(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** '+12 % vs last month', '−3 % vs last month', 'Same as last month'; null when there is nothing to compare. */
export function changeCaption(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || previous === 0) return null;
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return 'Same as last month';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)} % vs last month`;
}

/** Months without a point: 0 for sums and counts; the value carried forward for 'last'; 0 before the first. */
function filled(values: MonthValue[]): number[] {
  let carried = 0;
  return values.map(({ value }) => {
    if (value === null) return carried;
    carried = value;
    return value;
  });
}

const monthLabel = (month: string) => MONTH_LABELS[Number(month.slice(5, 7)) - 1] ?? month;

export async function withMetricKpis(db: Db, rows: KpiRow[], zone: string, now = new Date()): Promise<KpiRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.metricId === null ? [] : [row.metricId])))];
  if (ids.length === 0) return rows;
  const [comparisons, months] = await Promise.all([
    compareWithLastMonth(db, ids, zone, now),
    monthlyValues(db, ids, zone, now),
  ]);
  return rows.map((row) => {
    const comparison = row.metricId === null ? undefined : comparisons.get(row.metricId);
    if (!comparison) return row;
    return {
      ...row,
      value: formatMetricValue(comparison.current ?? 0),
      change: changeCaption(comparison.current, comparison.previous),
      sparklineData: filled(months.get(row.metricId!) ?? []),
    };
  });
}

/** The last twelve months (SPEC's yearly trend), or every month since a metric's first point. */
export type TrendRange = '12m' | 'all';

/** A metric-backed trend also says which month each value is (yyyy-mm), so events can be placed on it. */
export type TrendWithPeriods = TrendRow & { periods?: string[] };

export async function withMetricTrends(db: Db, rows: TrendRow[], zone: string, now = new Date(), range: TrendRange = '12m'): Promise<TrendWithPeriods[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.metricId === null ? [] : [row.metricId])))];
  if (ids.length === 0) return rows;
  const spans = range === 'all' ? await monthsOfHistory(db, ids, zone, now) : null;
  // One query for all metrics over the longest span; each keeps the months since its own first point.
  const longest = spans ? Math.max(12, ...spans.values()) : 12;
  const months = await monthlyValues(db, ids, zone, now, longest);
  return rows.map((row) => {
    const all = row.metricId === null ? undefined : months.get(row.metricId);
    if (!all) return row;
    const keep = spans ? Math.max(12, spans.get(row.metricId!) ?? 12) : 12;
    const values = all.slice(-keep);
    // A label names its year where the view spans more than one: 'Jan 2025'.
    const label = (month: string) => (keep > 12 ? `${monthLabel(month)} ${month.slice(0, 4)}` : monthLabel(month));
    return {
      ...row,
      data: filled(values).map((value) => Math.round(value * 100) / 100),
      labels: values.map((v) => label(v.month)),
      periods: values.map((v) => v.month),
    };
  });
}

export interface PublicMetricCard {
  key: string;
  name: string;
  unit: string;
  color: string;
  /** This month so far (or the latest point, for 'last'), formatted. */
  value: string;
  change: string | null;
  /** Twelve monthly values, oldest first, for the server-drawn sparkline. */
  months: number[];
}

/** The landing's extra row: every public metric, computed in two SQL queries. */
export async function publicMetricCards(db: Db, zone: string, now = new Date()): Promise<PublicMetricCard[]> {
  const rows = await db.select().from(metrics).where(eq(metrics.visibility, 'public')).orderBy(asc(metrics.name));
  const ids = rows.map((row) => row.id);
  const [comparisons, months] = await Promise.all([compareWithLastMonth(db, ids, zone, now), monthlyValues(db, ids, zone, now)]);
  return rows.map((row) => {
    const comparison = comparisons.get(row.id) ?? { current: null, previous: null };
    return {
      key: row.key,
      name: row.name,
      unit: row.unit,
      color: row.color,
      value: formatMetricValue(comparison.current ?? 0),
      change: changeCaption(comparison.current, comparison.previous),
      months: filled(months.get(row.id) ?? []),
    };
  });
}
