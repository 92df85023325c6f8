import { zonedToUtc, localDay } from '../services/owner-time.ts';

/*
 * What an Apple Health record becomes (issue 29, item 5; docs/apple-health.md): the metric it goes to, the
 * unit conversion, and the instant its point is dated. A record in another unit than those listed is refused
 * on its own, never guessed.
 */

export interface HealthMetric {
  key: string;
  name: string;
  unit: string;
  icon: string;
  aggregation: 'sum' | 'average' | 'last' | 'count';
}

export const HEALTH_METRICS: Readonly<Record<string, HealthMetric>> = {
  steps: { key: 'steps', name: 'Steps', unit: 'steps', icon: 'Footprints', aggregation: 'sum' },
  distance: { key: 'walking-distance', name: 'Walking + running distance', unit: 'km', icon: 'Route', aggregation: 'sum' },
  energy: { key: 'active-energy', name: 'Active energy', unit: 'kcal', icon: 'Flame', aggregation: 'sum' },
  resting: { key: 'resting-heart-rate', name: 'Resting heart rate', unit: 'bpm', icon: 'HeartPulse', aggregation: 'average' },
  heart: { key: 'heart-rate', name: 'Heart rate', unit: 'bpm', icon: 'Heart', aggregation: 'average' },
  sleep: { key: 'sleep-hours', name: 'Sleep', unit: 'h', icon: 'Moon', aggregation: 'sum' },
  mindful: { key: 'mindful-minutes', name: 'Mindful minutes', unit: 'min', icon: 'Brain', aggregation: 'sum' },
  weight: { key: 'body-mass', name: 'Body mass', unit: 'kg', icon: 'Scale', aggregation: 'last' },
  workouts: { key: 'workout-minutes', name: 'Workout minutes', unit: 'min', icon: 'Dumbbell', aggregation: 'sum' },
};

/** Record type → metric, and the factor from each accepted unit to the metric's. */
const QUANTITIES: Readonly<Record<string, { metric: keyof typeof HEALTH_METRICS; units: Record<string, number> }>> = {
  HKQuantityTypeIdentifierStepCount: { metric: 'steps', units: { count: 1 } },
  HKQuantityTypeIdentifierDistanceWalkingRunning: { metric: 'distance', units: { km: 1, m: 0.001, mi: 1.609344 } },
  HKQuantityTypeIdentifierActiveEnergyBurned: { metric: 'energy', units: { kcal: 1, Cal: 1, kJ: 1 / 4.184 } },
  HKQuantityTypeIdentifierRestingHeartRate: { metric: 'resting', units: { 'count/min': 1 } },
  HKQuantityTypeIdentifierHeartRate: { metric: 'heart', units: { 'count/min': 1 } },
  HKQuantityTypeIdentifierBodyMass: { metric: 'weight', units: { kg: 1, lb: 0.45359237, g: 0.001 } },
};

const ASLEEP = new Set([
  'HKCategoryValueSleepAnalysisAsleep',
  'HKCategoryValueSleepAnalysisAsleepUnspecified',
  'HKCategoryValueSleepAnalysisAsleepCore',
  'HKCategoryValueSleepAnalysisAsleepDeep',
  'HKCategoryValueSleepAnalysisAsleepREM',
]);

/** '2026-11-20 07:05:38 +1300' → the instant; null when it is not one. */
export function healthInstant(text: string | undefined): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}${match[3]}${match[4]}:${match[5]}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A record as it maps: a point of one metric, a night's sleep to add up, or why it is refused or skipped. */
export type Mapped =
  | { kind: 'point'; type: string; metric: keyof typeof HEALTH_METRICS; at: Date; value: number; source: string; day: string }
  | { kind: 'sleep'; type: string; day: string; hours: number; source: string }
  | { kind: 'refused'; type: string; reason: string }
  | { kind: 'skipped'; type: string };

/** A sleep stage ending after 18:00 belongs to the next morning's night: the day one wakes up on. */
const WAKE_SHIFT_MS = 6 * 3_600_000;

export function mapElement(name: string, attributes: Record<string, string>, zone: string): Mapped {
  const type = name === 'Workout' ? 'Workout' : (attributes.type ?? '');
  // As the point's source it must pass the same check as any source (domain/shapes.ts pointSource), archives included.
  const source = (attributes.sourceName ?? '').replace(/\p{Cc}/gu, ' ').trim().slice(0, 80).trim() || 'Apple Health';
  const start = healthInstant(attributes.startDate);
  const end = healthInstant(attributes.endDate);
  if (name === 'Workout') {
    if (!start || !end) return { kind: 'refused', type, reason: 'an unreadable startDate or endDate' };
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    if (!(minutes >= 0)) return { kind: 'refused', type, reason: 'ends before it starts' };
    return { kind: 'point', type, metric: 'workouts', at: start, value: round(minutes), source, day: attributes.startDate!.slice(0, 10) };
  }
  if (type === 'HKCategoryTypeIdentifierSleepAnalysis' || type === 'HKCategoryTypeIdentifierMindfulSession') {
    if (!start || !end) return { kind: 'refused', type, reason: 'an unreadable startDate or endDate' };
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    if (!(minutes >= 0)) return { kind: 'refused', type, reason: 'ends before it starts' };
    if (type === 'HKCategoryTypeIdentifierMindfulSession') return { kind: 'point', type, metric: 'mindful', at: start, value: round(minutes), source, day: attributes.startDate!.slice(0, 10) };
    // In Bed and Awake are not sleep; the Asleep stages are summed per night.
    if (!ASLEEP.has(attributes.value ?? '')) return { kind: 'skipped', type };
    return { kind: 'sleep', type, day: localDay(new Date(end.getTime() + WAKE_SHIFT_MS), zone), hours: minutes / 60, source };
  }
  const quantity = QUANTITIES[type];
  if (!quantity) return { kind: 'skipped', type };
  if (!start) return { kind: 'refused', type, reason: 'an unreadable startDate' };
  const factor = quantity.units[attributes.unit ?? ''];
  if (factor === undefined) return { kind: 'refused', type, reason: `the unit '${attributes.unit ?? ''}'` };
  const value = Number(attributes.value);
  if (!Number.isFinite(value)) return { kind: 'refused', type, reason: 'a value that is not a number' };
  return { kind: 'point', type, metric: quantity.metric, at: start, value: round(value * factor), source, day: attributes.startDate!.slice(0, 10) };
}

/** A night's sleep is one point at noon of the wake-up day, so importing again hits the same point. */
export const sleepInstant = (day: string, zone: string) => zonedToUtc(`${day}T12:00:00`, zone);

const round = (value: number) => Math.round(value * 10_000) / 10_000;
