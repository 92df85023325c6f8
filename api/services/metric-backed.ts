import type { Db } from '../db/client.ts';
import type { kpis, trends } from '../db/schema.ts';
import { compareWithLastMonth, monthlyValues, type MonthValue } from './metric-aggregates.ts';

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

export async function withMetricTrends(db: Db, rows: TrendRow[], zone: string, now = new Date()): Promise<TrendRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.metricId === null ? [] : [row.metricId])))];
  if (ids.length === 0) return rows;
  const months = await monthlyValues(db, ids, zone, now);
  return rows.map((row) => {
    const values = row.metricId === null ? undefined : months.get(row.metricId);
    if (!values) return row;
    return {
      ...row,
      data: filled(values).map((value) => Math.round(value * 100) / 100),
      labels: values.map((v) => monthLabel(v.month)),
    };
  });
}
