/*
 * A year at a glance (issue 30, item 6): the last 365 days as a grid of weeks (columns, Monday first) by weekday
 * (rows), each day coloured by its level on a colour-blind-safe scale, with a legend and a month-by-month table.
 */

/** Viridis, five steps: ordered by lightness, told apart with any colour vision (and in grey). */
export const YEAR_SCALE = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;

export interface YearCell {
  day: string;
  value: number | null;
  /** 1–5 on the scale; null without a value. */
  level: number | null;
  /** What the cell reads: its date and value. */
  label: string;
}

export interface YearGridModel {
  /** Seven rows (Monday…Sunday), one cell per week; null outside the 365 days. */
  rows: Array<Array<YearCell | null>>;
  legend: Array<{ level: number; color: string; text: string }>;
  months: Array<{ month: string; days: number; average: number | null; low: number | null; high: number | null }>;
  /** The day whose cell takes the tab stop: the latest with a value, else today. */
  focusDay: string;
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const utc = (day: string) => new Date(`${day}T12:00:00Z`);
export const shiftDay = (day: string, delta: number) => new Date(utc(day).getTime() + delta * 86_400_000).toISOString().slice(0, 10);
const weekdayIndex = (day: string) => (utc(day).getUTCDay() + 6) % 7;
// Formatters made once: toLocaleDateString with options builds a new one per call, and a grid formats 365 days.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const longDate = (day: string) => LONG_DATE.format(utc(day));
const figure = (value: number) => FIGURE.format(value);

export interface YearOptions {
  unit: string;
  /** Names of the levels 1–5 (mood): values are levels themselves. Without it, quintiles of the year's values. */
  levelNames?: Readonly<Record<number, string>>;
}

/** Quintile edges of the values (the upper bound of levels 1–4). */
function edges(values: number[]): number[] {
  if (values.length === 0) return [];
  const sorted = [...values].sort((a, b) => a - b);
  return [0.2, 0.4, 0.6, 0.8].map((share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
}

export function yearGrid(today: string, values: ReadonlyMap<string, number>, options: YearOptions): YearGridModel {
  const first = shiftDay(today, -364);
  const inYear = [...values].filter(([day]) => day >= first && day <= today);
  const bounds = options.levelNames ? [] : edges(inYear.map(([, value]) => value));
  const levelOf = (value: number) =>
    options.levelNames ? Math.min(5, Math.max(1, Math.round(value))) : bounds.length ? 1 + bounds.filter((edge) => value > edge).length : 3;
  const unit = options.unit ? ` ${options.unit}` : '';
  const valueText = (value: number) => {
    if (options.levelNames) {
      const level = levelOf(value);
      return `${figure(value)} (${options.levelNames[level]})`;
    }
    return `${figure(value)}${unit}`;
  };
  const start = shiftDay(first, -weekdayIndex(first));
  const weeks = Math.ceil((Date.parse(`${today}T12:00:00Z`) - Date.parse(`${start}T12:00:00Z`)) / (7 * 86_400_000) + 1 / 7);
  const rows: Array<Array<YearCell | null>> = WEEKDAYS.map(() => []);
  for (let week = 0; week < weeks; week++) {
    for (let weekday = 0; weekday < 7; weekday++) {
      const day = shiftDay(start, week * 7 + weekday);
      if (day < first || day > today) {
        rows[weekday]!.push(null);
        continue;
      }
      const value = values.get(day) ?? null;
      rows[weekday]!.push({ day, value, level: value === null ? null : levelOf(value), label: `${longDate(day)}: ${value === null ? 'nothing recorded' : valueText(value)}` });
    }
  }
  const legend = YEAR_SCALE.map((color, index) => {
    const level = index + 1;
    if (options.levelNames) return { level, color, text: `${level} ${options.levelNames[level]}` };
    if (!bounds.length) return { level, color, text: '' };
    const low = index === 0 ? null : bounds[index - 1]!;
    const high = index === 4 ? null : bounds[index]!;
    const text = low === null ? `up to ${figure(high!)}` : high === null ? `over ${figure(low)}` : `${figure(low)}–${figure(high)}`;
    return { level, color, text: `${text}${unit}` };
  });
  const byMonth = new Map<string, number[]>();
  for (let day = first; day <= today; day = shiftDay(day, 1)) {
    const month = day.slice(0, 7);
    if (!byMonth.has(month)) byMonth.set(month, []);
    const value = values.get(day);
    if (value !== undefined) byMonth.get(month)!.push(value);
  }
  const months = [...byMonth].map(([month, list]) => ({
    month: MONTH.format(utc(`${month}-15`)),
    days: list.length,
    average: list.length ? list.reduce((sum, value) => sum + value, 0) / list.length : null,
    low: list.length ? Math.min(...list) : null,
    high: list.length ? Math.max(...list) : null,
  }));
  const recorded = inYear.map(([day]) => day).sort();
  return { rows, legend, months, focusDay: recorded.at(-1) ?? today };
}
