/**
 * How projects are labelled, grouped and searched on the pages (SPEC §2, §4). Pure, shared by pages,
 * islands and page scripts; the words themselves are in domain/vocabulary.ts.
 */
import {
  CATEGORY_LABELS,
  DEFAULT_STATUS,
  SHOWN_AS_UI_UX_DESIGN,
  STATUS,
  UNKNOWN_STATUS_COLOR,
  type ProjectCategory,
} from '#domain/vocabulary.ts';

export { STATUS };

/** Planned is the display default; any other unknown value is grey. */
export function statusInfo(status: string | null | undefined): { label: string; color: string } {
  if (!status) return STATUS[DEFAULT_STATUS];
  return Object.hasOwn(STATUS, status) ? STATUS[status as keyof typeof STATUS] : { label: capitalize(status), color: UNKNOWN_STATUS_COLOR };
}

/** `sizes` of a card's picture in the 1 / 2 / 3 column grids (the same on every card grid); on a phone the page's 1 rem margins. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, calc(100vw - 2rem)';

/**
 * SPEC's public-list quirk, kept on purpose: development, creative and personal are shown
 * as ui-ux-design, research is not, so those three filters match nothing there.
 */
export function publicCategory(category: string): string {
  return (SHOWN_AS_UI_UX_DESIGN as readonly string[]).includes(category) ? 'ui-ux-design' : category;
}

/** A known category reads its label ('UI/UX Design'); others are capitalised; none is 'General'. */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return 'General';
  if (Object.hasOwn(CATEGORY_LABELS, category)) return CATEGORY_LABELS[category as ProjectCategory];
  return category.split('-').map(capitalize).join(' ');
}

/** SPEC: non-array technologies or tags count as empty. */
export function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The first `max` items and how many more there are, for '+N'. */
export function firstOf<T>(items: T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Case-insensitive match on name or description. */
export function matchesSearch(project: { name: string; description: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return project.name.toLowerCase().includes(q) || (project.description ?? '').toLowerCase().includes(q);
}

/** A yyyy-mm-dd date in the reader's local format; dates are calendar days, never shifted by time zone. */
export function formatLocalDate(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(locale, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
