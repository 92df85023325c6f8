/**
 * The one-source rule on the metric page, so a new order of preference shows at once (the server applies the
 * same rule to every read: api/services/metric-days.ts). Of a day's device sources, the one with the most
 * points counts, a tie going to the first in the owner's order, then to the name; 'manual' always counts.
 */

export interface DaySourceItem {
  source: string;
  points: number;
  total: number;
  counted: boolean;
}

export interface SourceDayItem {
  day: string;
  sources: DaySourceItem[];
}

export const PERSON_SOURCE = 'manual';

export function chooseSources(days: SourceDayItem[], priority: string[]): SourceDayItem[] {
  const rank = (source: string) => {
    const at = priority.indexOf(source);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  const byRule = (a: DaySourceItem, b: DaySourceItem) =>
    b.points - a.points || rank(a.source) - rank(b.source) || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0);
  return days.map(({ day, sources }) => {
    const people = sources.filter((s) => s.source === PERSON_SOURCE).map((s) => ({ ...s, counted: true }));
    const devices = sources
      .filter((s) => s.source !== PERSON_SOURCE)
      .sort(byRule)
      .map((s, index) => ({ ...s, counted: index === 0 }));
    return { day, sources: [...people, ...devices.filter((s) => s.counted), ...devices.filter((s) => !s.counted)] };
  });
}
