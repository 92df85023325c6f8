import { addDays } from '../services/owner-time.ts';

/**
 * Two years of believable daily data for the demo metrics, from a fixed random seed: a weekly rhythm,
 * a slow drift, days with nothing logged, and a few outliers. Deterministic for a given end day, so
 * tests compute what they expect from this same generator instead of hard-coding numbers.
 */
export interface SeriesSpec {
  /** A typical weekday value. */
  base: number;
  /** Multipliers Monday..Sunday. */
  week: [number, number, number, number, number, number, number];
  /** Relative day-to-day noise (0.2 = ±20 %). */
  noise: number;
  /** Share of days with no point at all. */
  gapRate: number;
  /** Share of days with an outlier (×2.5 or ×0.3). */
  outlierRate: number;
  /** Relative change over the two years (0.3 = ends 30 % higher than it starts). */
  drift: number;
  /** Decimals kept; 0 for whole counts. */
  decimals: number;
  /** Each metric has its own stream of random numbers. */
  seed: number;
  /** The owner's clock times of a day's readings (several for things logged through the day); default noon. */
  times?: string[];
}

export interface SeriesPoint {
  /** The owner's calendar day. */
  day: string;
  /** The owner's clock time of the reading, `HH:MM`. */
  time: string;
  value: number;
}

export const SERIES_DAYS = 730;

/** mulberry32: tiny, fast and good enough for demo data; the same seed always gives the same stream. */
export function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Daily points for the `days` days ending on `endDay` (inclusive), oldest first, gaps left out. */
export function generateSeries(spec: SeriesSpec, endDay: string, days = SERIES_DAYS): SeriesPoint[] {
  const random = randomStream(spec.seed);
  const times = spec.times ?? ['12:00'];
  const points: SeriesPoint[] = [];
  const scale = 10 ** spec.decimals;
  for (let index = 0; index < days; index++) {
    const day = addDays(endDay, index - days + 1);
    // Always draw the same number of values per day, so one day's choices never shift the next day's.
    const gap = random();
    const draws = times.map(() => [random(), random(), random()] as const);
    if (gap < spec.gapRate) continue;
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const progress = index / Math.max(1, days - 1);
    times.forEach((time, reading) => {
      const [noise, outlier, direction] = draws[reading]!;
      let value =
        spec.base *
        (spec.week[weekday] ?? 1) *
        (1 + spec.drift * (progress - 0.5)) *
        (1 + spec.noise * (noise * 2 - 1));
      if (outlier < spec.outlierRate) value *= direction < 0.5 ? 2.5 : 0.3;
      points.push({ day, time, value: Math.max(0, Math.round(value * scale) / scale) });
    });
  }
  return points;
}
