import type { ActivityItem, DeepDiveProject } from './dashboard-types.ts';

/** How the dashboard labels, counts and orders what it shows (SPEC §2, §9). Pure. */

export const DASHBOARD_YEAR = '2025';
export const TAGLINE = 'Ideas. Tempered by AI.';
export const COPYRIGHT_YEAR = '2024';

/** SPEC §2: the pill's text when no activity of type 'focus' exists. */
export const PILL_FALLBACK = 'Currently: Building the future, one dashboard at a time';

/** SPEC §4: the pill follows the focus activity every 10 seconds. */
export const PILL_REFRESH_MS = 10_000;

/** SPEC §9: skeleton cards per section while its data is in flight. */
export const SKELETONS = { stats: 8, trends: 3, timeline: 6 } as const;

/** The pill's text: the first 'focus' activity's title, else the fallback. */
export function focusPillText(activities: readonly ActivityItem[] | null | undefined): string {
  const focus = (activities ?? []).find((activity) => activity?.type === 'focus' && activity.title?.trim());
  return focus ? `Currently: ${focus.title.trim()}` : PILL_FALLBACK;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * SPEC §2: a timeline date reads 'MMM d, yyyy' (e.g. 'Feb 5, 2024'). The date is a calendar day, so it is
 * read from its parts and never shifted by the reader's time zone. Anything unreadable is shown as given.
 */
export function formatEventDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  const day = Number(match[3]);
  if (!month || day < 1 || day > 31) return value;
  return `${month} ${day}, ${match[1]}`;
}

export interface DeepDiveStat {
  label: string;
  value: number;
  /** '%' for percentages; empty for counts. */
  unit: string;
}

export interface DeepDiveBlock {
  /** The anchor id of the block. */
  id: string;
  title: string;
  /** The project category it lists. */
  category: string;
  blurb: string;
  /** SPEC §2 item 4's static values, with our own short labels. */
  stats: [DeepDiveStat, DeepDiveStat, DeepDiveStat];
}

export const DEEP_DIVE_BLOCKS: readonly DeepDiveBlock[] = [
  {
    id: 'personal-development',
    title: 'Personal Development',
    category: 'personal',
    blurb: 'Habits, learning and the projects made for the people around me.',
    stats: [
      { label: 'Learning goals', value: 85, unit: '%' },
      { label: 'Daily habits', value: 90, unit: '%' },
      { label: 'Weekly reflection', value: 95, unit: '%' },
    ],
  },
  {
    id: 'development',
    title: 'Development',
    category: 'development',
    blurb: 'Tools and apps, built accessible from the first commit.',
    stats: [
      { label: 'Commits this month', value: 100, unit: '' },
      { label: 'Code reviews', value: 85, unit: '' },
      { label: 'Issues closed', value: 75, unit: '' },
    ],
  },
  {
    id: 'creative',
    title: 'Creative',
    category: 'creative',
    blurb: 'Generative art, installations and type, made by hand and by machine.',
    stats: [
      { label: 'Artworks', value: 25, unit: '' },
      { label: 'Sketches', value: 40, unit: '' },
      { label: 'Prints', value: 15, unit: '' },
    ],
  },
  {
    id: 'research',
    title: 'Research',
    category: 'research',
    blurb: 'Studies with the people these tools are for.',
    stats: [
      { label: 'Papers read', value: 60, unit: '' },
      { label: 'Interviews', value: 70, unit: '' },
      { label: 'Field notes', value: 50, unit: '' },
    ],
  },
];

/** SPEC §9: at most 3 projects per Deep Dive block. */
export const DEEP_DIVE_MAX = 3;

/** The latest `max` projects of a category, newest start date first; projects without a date come last. */
export function recentProjects<T extends Pick<DeepDiveProject, 'category' | 'startDate' | 'id'>>(
  projects: readonly T[],
  category: string,
  max = DEEP_DIVE_MAX,
): T[] {
  return projects
    .filter((project) => project.category === category)
    .sort((a, b) => (b.startDate || '').localeCompare(a.startDate || '') || b.id - a.id)
    .slice(0, max);
}
