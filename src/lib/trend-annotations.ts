import type { TimelineItem, TrendItem } from './dashboard-types.ts';
import { formatEventDate } from './dashboard-display.ts';

/** A timeline event placed on a trend chart: at the value whose period holds its date. */
export interface TrendAnnotation {
  id: number;
  /** Index into the trend's values and labels. */
  index: number;
  title: string;
  /** 'Mar 21, 2026', as the timeline writes it. */
  date: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The month (yyyy-mm) of each value: a metric-backed trend names them; a hand-set one is placed only where
 * its labels say a month and a year ('2026-03' or 'Mar 2026'), since 'Mar' alone could be any year.
 */
function periodsOf(trend: TrendItem): (string | null)[] {
  if (trend.periods && trend.periods.length === trend.data.length) return trend.periods;
  return trend.data.map((_, index) => {
    const label = trend.labels[index]?.trim() ?? '';
    if (/^\d{4}-\d{2}$/.test(label)) return label;
    const match = /^([A-Z][a-z]{2}) (\d{4})$/.exec(label);
    const month = match ? MONTHS.indexOf(match[1]!) : -1;
    return match && month >= 0 ? `${match[2]}-${String(month + 1).padStart(2, '0')}` : null;
  });
}

/** The events that fall within the trend's periods, oldest first; events outside them are left out. */
export function annotationsFor(trend: TrendItem, events: readonly TimelineItem[]): TrendAnnotation[] {
  const periods = periodsOf(trend);
  return events
    .flatMap((event) => {
      const index = periods.indexOf(event.date.slice(0, 7));
      return index >= 0 && /^\d{4}-\d{2}/.test(event.date) ? [{ id: event.id, index, title: event.title, date: formatEventDate(event.date), sortKey: event.date }] : [];
    })
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.id - b.id)
    .map(({ sortKey: _sortKey, ...annotation }) => annotation);
}
