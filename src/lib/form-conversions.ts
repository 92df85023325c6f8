/**
 * The admin forms' helper fields (SPEC §3 "form-only helper fields", §5): what the owner types in a
 * text box, turned into what the API stores, and back again to prefill a form. Pure, so the rules
 * are tested once here and every form uses the same ones.
 */

/** 'a, b ,, c' → ['a', 'b', 'c']: comma-separated, trimmed, empty entries dropped; empty text → []. */
export function toList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The inverse of toList, to prefill a form from a stored list. */
export function fromList(list: readonly string[] | null | undefined): string {
  return (list ?? []).join(', ');
}

/**
 * Progress (or any whole-number field) as typed → a number. A non-numeric or empty entry becomes 0
 * (SPEC §5); a number outside 0–100 or with a fraction is kept as typed so validation can say what
 * is wrong with it.
 */
export function toProgress(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 0;
}

/**
 * '1, x, 3' → [1, 3]: comma-separated numbers, non-numeric entries dropped. Empty text — or text with
 * no number left in it — gives null, so a KPI never stores an empty sparkline.
 */
export function toSparkline(text: string): number[] | null {
  const numbers = toList(text)
    .map(Number)
    .filter((value) => Number.isFinite(value));
  return numbers.length > 0 ? numbers : null;
}

export function fromSparkline(data: readonly number[] | null | undefined): string {
  return (data ?? []).join(', ');
}

/** Optional text: blank → null, so a cleared field clears the stored value. */
export function toOptionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** Today as yyyy-mm-dd in the owner's own time zone (a timeline date is a calendar day). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The project form as typed. */
export interface ProjectDraft {
  name: string;
  description: string;
  status: string;
  progress: string;
  category: string;
  tagsInput: string;
  technologiesInput: string;
  startDate: string;
  endDate: string;
}

/** SPEC §5: name, description, category and dates empty, status planned, progress 0. */
export const EMPTY_PROJECT: ProjectDraft = {
  name: '',
  description: '',
  status: 'planned',
  progress: '0',
  category: '',
  tagsInput: '',
  technologiesInput: '',
  startDate: '',
  endDate: '',
};

/** What the data-management form sends: every field, empty dates as null. */
export function projectPayload(draft: ProjectDraft) {
  return {
    name: draft.name,
    description: draft.description,
    status: draft.status,
    progress: toProgress(draft.progress),
    category: draft.category,
    tags: toList(draft.tagsInput),
    technologies: toList(draft.technologiesInput),
    startDate: draft.startDate.trim() === '' ? null : draft.startDate,
    endDate: draft.endDate.trim() === '' ? null : draft.endDate,
  };
}

export function projectDraft(project: {
  name: string;
  description: string;
  status: string;
  progress: number;
  category: string;
  tags: readonly string[] | null;
  technologies: readonly string[] | null;
  startDate: string | null;
  endDate: string | null;
}): ProjectDraft {
  return {
    name: project.name,
    description: project.description,
    status: project.status,
    progress: String(project.progress),
    category: project.category,
    tagsInput: fromList(project.tags),
    technologiesInput: fromList(project.technologies),
    startDate: project.startDate ?? '',
    endDate: project.endDate ?? '',
  };
}

/** A bulk-import row as typed: a project draft, defaulting to completed at 100 % (SPEC §4). */
export type ImportRow = ProjectDraft;

export const BLANK_IMPORT_ROW: ImportRow = { ...EMPTY_PROJECT, status: 'completed', progress: '100' };

export const hasName = (row: ImportRow) => row.name.trim() !== '';

/**
 * What bulk import sends for one row (SPEC §5, §7): never url or imageUrl, and an empty date is
 * left out rather than sent empty.
 */
export function importPayload(row: ImportRow) {
  const { startDate, endDate, ...rest } = projectPayload(row);
  return {
    ...rest,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  };
}

/** The KPI form as typed. */
export interface KpiDraft {
  name: string;
  value: string;
  unit: string;
  icon: string;
  color: string;
  change: string;
  sparklineInput: string;
  tooltip: string;
  category: string;
  /** Order in the stats grid, lowest first (the API needs it; SPEC's form does not show it). */
  position: string;
}

export const DEFAULT_COLOR = '#6fffe9';

export const EMPTY_KPI: KpiDraft = {
  name: '',
  value: '',
  unit: '',
  icon: 'Package',
  color: DEFAULT_COLOR,
  change: '',
  sparklineInput: '',
  tooltip: '',
  category: '',
  position: '0',
};

/** A new KPI goes after the last card in the grid. */
export function nextPosition(kpis: readonly { position: number }[]): string {
  return String(kpis.reduce((max, kpi) => Math.max(max, kpi.position + 1), 0));
}

export function kpiPayload(draft: KpiDraft) {
  return {
    name: draft.name,
    value: draft.value,
    unit: toOptionalText(draft.unit),
    icon: draft.icon,
    color: draft.color,
    change: toOptionalText(draft.change),
    sparklineData: toSparkline(draft.sparklineInput),
    tooltip: toOptionalText(draft.tooltip),
    category: draft.category,
    position: toProgress(draft.position),
  };
}

export function kpiDraft(kpi: {
  name: string;
  value: string;
  unit: string | null;
  icon: string;
  color: string;
  change: string | null;
  sparklineData: readonly number[] | null;
  tooltip: string | null;
  category: string;
  position: number;
}): KpiDraft {
  return {
    name: kpi.name,
    value: kpi.value,
    unit: kpi.unit ?? '',
    icon: kpi.icon,
    color: kpi.color,
    change: kpi.change ?? '',
    sparklineInput: fromSparkline(kpi.sparklineData),
    tooltip: kpi.tooltip ?? '',
    category: kpi.category,
    position: String(kpi.position),
  };
}

/** The timeline form as typed. */
export interface TimelineDraft {
  date: string;
  title: string;
  description: string;
  category: string;
  color: string;
  tagsInput: string;
}

/** A fresh timeline form: dated today, in the default colour. */
export function emptyTimeline(now: Date = new Date()): TimelineDraft {
  return { date: todayIso(now), title: '', description: '', category: '', color: DEFAULT_COLOR, tagsInput: '' };
}

export function timelinePayload(draft: TimelineDraft) {
  return {
    date: draft.date,
    title: draft.title,
    description: draft.description,
    category: draft.category,
    color: draft.color,
    tags: toList(draft.tagsInput),
  };
}

export function timelineDraft(event: {
  date: string;
  title: string;
  description: string;
  category: string;
  color: string;
  tags: readonly string[] | null;
}): TimelineDraft {
  return {
    date: event.date,
    title: event.title,
    description: event.description,
    category: event.category,
    color: event.color,
    tagsInput: fromList(event.tags),
  };
}
