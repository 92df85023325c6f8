import type { Aggregation, Visibility } from '#domain/shapes.ts';
import type { SeriesSpec } from './metric-series.ts';

/**
 * The demo's metrics: each gets two years of daily points from ./metric-series.ts. A few are public
 * (the landing's extra row), the rest follow the dashboard's default of signed-in.
 */
export interface SeedMetric {
  key: string;
  name: string;
  unit: string;
  icon: string;
  color: string;
  aggregation: Aggregation;
  target: number | null;
  visibility: Visibility;
  series: SeriesSpec;
  /** The seeded KPI (by name) whose value, change and sparkline this metric computes. */
  kpi?: string;
  /** The seeded trend (by name) whose monthly values this metric computes. */
  trend?: string;
}

const WORKDAYS: SeriesSpec['week'] = [1.1, 1.15, 1.1, 1.05, 0.95, 0.35, 0.25];
const EVERY_DAY: SeriesSpec['week'] = [1, 1, 1, 1, 1, 1, 1];
const WEEKENDS: SeriesSpec['week'] = [0.85, 0.9, 0.85, 0.9, 1, 1.35, 1.3];

export const seedMetrics: SeedMetric[] = [
  {
    key: 'deep-work',
    name: 'Deep work',
    unit: 'hours',
    icon: 'Clock',
    color: '#fbbf24',
    aggregation: 'sum',
    target: 90,
    visibility: 'signed-in',
    series: {
      base: 3.2,
      week: WORKDAYS,
      noise: 0.35,
      gapRate: 0.06,
      outlierRate: 0.01,
      drift: 0.3,
      decimals: 1,
      seed: 11,
    },
    kpi: 'Deep Work',
    trend: 'Deep Work Hours',
  },
  {
    key: 'mindful-minutes',
    name: 'Mindful minutes',
    unit: 'minutes',
    icon: 'Heart',
    color: '#fb7185',
    aggregation: 'sum',
    target: 450,
    visibility: 'signed-in',
    series: {
      base: 14,
      week: WEEKENDS,
      noise: 0.5,
      gapRate: 0.12,
      outlierRate: 0.02,
      drift: 0.4,
      decimals: 0,
      seed: 12,
    },
    kpi: 'Mindful Minutes',
  },
  {
    key: 'commits',
    name: 'Commits',
    unit: 'commits',
    icon: 'Code',
    color: '#6fffe9',
    aggregation: 'sum',
    target: null,
    visibility: 'public',
    series: {
      base: 5,
      week: WORKDAYS,
      noise: 0.6,
      gapRate: 0.08,
      outlierRate: 0.02,
      drift: 0.25,
      decimals: 0,
      seed: 13,
    },
    trend: 'Commits',
  },
  {
    key: 'sketches',
    name: 'Generative sketches',
    unit: 'sketches',
    icon: 'Flame',
    color: '#a78bfa',
    aggregation: 'sum',
    target: 20,
    visibility: 'signed-in',
    series: {
      base: 0.8,
      week: WEEKENDS,
      noise: 0.8,
      gapRate: 0.3,
      outlierRate: 0.02,
      drift: 0.35,
      decimals: 0,
      seed: 14,
    },
    trend: 'Generative Sketches',
  },
  {
    key: 'accessibility-score',
    name: 'Accessibility score',
    unit: '%',
    icon: 'TrendingUp',
    color: '#4ade80',
    aggregation: 'average',
    target: 95,
    visibility: 'public',
    series: {
      base: 92,
      week: EVERY_DAY,
      noise: 0.03,
      gapRate: 0.5,
      outlierRate: 0.005,
      drift: 0.08,
      decimals: 0,
      seed: 15,
    },
    trend: 'Accessibility Score',
  },
  {
    key: 'steps',
    name: 'Steps',
    unit: 'steps',
    icon: 'Zap',
    color: '#60a5fa',
    aggregation: 'sum',
    target: 250_000,
    visibility: 'public',
    series: {
      base: 7800,
      week: WEEKENDS,
      noise: 0.3,
      gapRate: 0.03,
      outlierRate: 0.015,
      drift: 0.1,
      decimals: 0,
      seed: 16,
    },
  },
  {
    key: 'sleep',
    name: 'Sleep',
    unit: 'hours',
    icon: 'Clock',
    color: '#f472b6',
    aggregation: 'average',
    target: 7.5,
    visibility: 'signed-in',
    series: {
      base: 7.1,
      week: [0.95, 0.95, 0.97, 0.96, 0.98, 1.1, 1.1],
      noise: 0.1,
      gapRate: 0.05,
      outlierRate: 0.01,
      drift: 0.05,
      decimals: 1,
      seed: 17,
    },
  },
  {
    key: 'weight',
    name: 'Weight',
    unit: 'kg',
    icon: 'TrendingUp',
    color: '#fb923c',
    aggregation: 'last',
    target: null,
    visibility: 'owner',
    series: {
      base: 72,
      week: EVERY_DAY,
      noise: 0.01,
      gapRate: 0.4,
      outlierRate: 0,
      drift: -0.04,
      decimals: 1,
      seed: 18,
    },
  },
  {
    key: 'pages-read',
    name: 'Pages read',
    unit: 'pages',
    icon: 'BookOpen',
    color: '#f472b6',
    aggregation: 'sum',
    target: 600,
    visibility: 'signed-in',
    series: {
      base: 22,
      week: WEEKENDS,
      noise: 0.6,
      gapRate: 0.15,
      outlierRate: 0.02,
      drift: 0.2,
      decimals: 0,
      seed: 19,
    },
  },
  {
    key: 'workouts',
    name: 'Workouts',
    unit: 'sessions',
    icon: 'Flame',
    color: '#fb923c',
    aggregation: 'count',
    target: 12,
    visibility: 'signed-in',
    series: { base: 1, week: EVERY_DAY, noise: 0, gapRate: 0.6, outlierRate: 0, drift: 0, decimals: 0, seed: 20 },
  },
];

/** Seeded KPIs and trends visitors see (the rest stay signed-in, so a viewer's dashboard is SPEC's). */
export const PUBLIC_KPIS = new Set(['Projects Shipped']);
export const PUBLIC_TRENDS = new Set(['Commits', 'Accessibility Score']);
