/*
 * The product's vocabulary and limits (SPEC §2–§9), written once. Plain constants and tiny pure
 * helpers: this file imports nothing, so the server, the seed, islands, page scripts and tests can all
 * use it. Plain CSS and the inline head script (src/scripts/head-init.js) cannot import it; unit tests
 * hold their copies equal to it (src/styles/vocabulary-in-css.test.ts, src/scripts/head-init.test.ts).
 */

// ---------- Projects ----------

/** Every project category (the admin form offers them in this order). */
export const PROJECT_CATEGORIES = ['development', 'creative', 'personal', 'research', 'ui-ux-design'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ProjectCategory, string> = {
  'ui-ux-design': 'UI/UX Design',
  development: 'Development',
  creative: 'Creative',
  personal: 'Personal',
  research: 'Research',
};

/** A filter button: 'all' shows every card. */
export interface CategoryFilter {
  value: string;
  label: string;
}

/** SPEC §4: the public list's filter buttons ("UI/UX Design Systems" is that page's own wording). */
export const PUBLIC_CATEGORY_FILTERS: readonly CategoryFilter[] = [
  { value: 'all', label: 'All' },
  { value: 'ui-ux-design', label: 'UI/UX Design Systems' },
  { value: 'development', label: CATEGORY_LABELS.development },
  { value: 'creative', label: CATEGORY_LABELS.creative },
  { value: 'personal', label: CATEGORY_LABELS.personal },
  { value: 'research', label: CATEGORY_LABELS.research },
];

/** SPEC §4: the admin project list's filter buttons (no ui-ux-design button there). */
export const ADMIN_CATEGORY_FILTERS: readonly CategoryFilter[] = [
  { value: 'all', label: 'All' },
  ...(['development', 'creative', 'personal', 'research'] as const).map((value) => ({
    value,
    label: CATEGORY_LABELS[value],
  })),
];

/** SPEC's public-list quirk: these categories are shown (and filtered) as ui-ux-design there. */
export const SHOWN_AS_UI_UX_DESIGN: readonly ProjectCategory[] = ['development', 'creative', 'personal'];

export const PROJECT_STATUSES = ['planned', 'active', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Planned is what a project without a status is shown as. */
export const DEFAULT_STATUS: ProjectStatus = 'planned';

/** Each status's label and colour (CSS custom properties defined in src/styles/global.css). */
export const STATUS: Record<ProjectStatus, { label: string; color: string }> = {
  planned: { label: 'Planned', color: 'var(--status-planned)' },
  active: { label: 'Active', color: 'var(--status-active)' },
  completed: { label: 'Completed', color: 'var(--status-completed)' },
};
export const UNKNOWN_STATUS_COLOR = 'var(--status-unknown)';

// ---------- Gallery ----------

export const GALLERY_CATEGORIES = ['logo', 'mockup', 'branding', 'web', 'uncategorized'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];
export const DEFAULT_GALLERY_CATEGORY: GalleryCategory = 'uncategorized';
export const GALLERY_CATEGORY_LABELS: Record<GalleryCategory, string> = {
  logo: 'Logo',
  mockup: 'Mockup',
  branding: 'Branding',
  web: 'Web',
  uncategorized: 'Uncategorized',
};

// ---------- Mood matcher (SPEC §4, §8, §9) ----------

export const MOODS = [
  { value: 'focused', label: 'Focused', emoji: '🎯' },
  { value: 'energetic', label: 'Energetic', emoji: '⚡' },
  { value: 'relaxed', label: 'Relaxed', emoji: '😌' },
  { value: 'creative', label: 'Creative', emoji: '🎨' },
  { value: 'productive', label: 'Productive', emoji: '🚀' },
  { value: 'coding', label: 'Coding', emoji: '💻' },
] as const;

export const ACTIVITIES = [
  { value: 'work', label: 'Work' },
  { value: 'study', label: 'Study' },
  { value: 'workout', label: 'Workout' },
  { value: 'creativity', label: 'Creativity' },
  { value: 'relaxation', label: 'Relaxation' },
] as const;

export type Mood = (typeof MOODS)[number]['value'];
export type Activity = (typeof ACTIVITIES)[number]['value'];
export const MOOD_VALUES = MOODS.map((mood) => mood.value) as [Mood, ...Mood[]];
export const ACTIVITY_VALUES = ACTIVITIES.map((activity) => activity.value) as [Activity, ...Activity[]];
export const DEFAULT_MOOD: Mood = 'focused';
export const DEFAULT_ACTIVITY: Activity = 'work';
/** SPEC §9: a mood without an emoji of its own gets a music note. */
export const MOOD_EMOJI_FALLBACK = '🎵';

// ---------- KPIs ----------

/** SPEC §3's known KPI icon names (Lucide's), in SPEC's order; any other name is drawn as Package. */
export const KPI_ICON_NAMES = [
  'Package',
  'Bot',
  'Box',
  'DollarSign',
  'Clock',
  'BookOpen',
  'Heart',
  'Flame',
  'TrendingUp',
  'Users',
  'Code',
  'Zap',
] as const;
export type KpiIconName = (typeof KPI_ICON_NAMES)[number];
export const FALLBACK_KPI_ICON: KpiIconName = 'Package';

// ---------- Limits ----------

/** SPEC §5, §9: screenshots and uploads are at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The same limit as SPEC's messages say it. */
export const MAX_UPLOAD_LABEL = '10MB';
/** Largest archive the admin page accepts (Vercel's own limit, 4.5 MB, is lower: use the CLI there). */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
/** Largest Apple Health export the admin page uploads (ADR 022): larger ones go through `npm run import:apple-health`. */
export const MAX_APPLE_HEALTH_UPLOAD_BYTES = 1024 ** 3;
/** SPEC §9: at most 9 playlists are shown. */
export const MAX_PLAYLISTS = 9;

/**
 * The project lists (/public-projects, /projects, /portfolio-showcase) show this many cards a page, so
 * their first HTML stays small however many projects there are (12: the demo's whole list, four rows of
 * three); `?page=N` (1 … maxPage, written plainly)
 * shows the others. A search longer than `searchMaxLength` is cut there.
 */
export const PROJECT_LIST = { perPage: 12, maxPage: 9999, searchMaxLength: 100 } as const;

/**
 * A project's case study (its long-form Markdown body): the longest body a save takes, how fast a visitor
 * is taken to read, and how many headings earn the body a table of contents.
 */
export const CASE_STUDY = { maxLength: 60_000, wordsPerMinute: 200, tocMinHeadings: 4, maxPictures: 60 } as const;

// ---------- Daily check-in and diary (issue 30) ----------

/** Mood and energy are scored 1 to 5; each level has a name, so no one has to read a colour or an emoji. */
export const LEVELS = [1, 2, 3, 4, 5] as const;
export type Level = (typeof LEVELS)[number];
export const MOOD_LEVEL_NAMES: Record<Level, string> = { 1: 'Rough', 2: 'Low', 3: 'Okay', 4: 'Good', 5: 'Great' };
export const ENERGY_LEVEL_NAMES: Record<Level, string> = { 1: 'Drained', 2: 'Tired', 3: 'Steady', 4: 'Lively', 5: 'Buzzing' };

/**
 * The diary's mood words (SPEC's samples and the Mood Tracker's) and the level each stands for, so an entry
 * written with a word counts on the same 1–5 scale as a check-in.
 */
export const MOOD_WORD_LEVELS: Record<string, Level> = {
  Stressed: 1,
  Tired: 2,
  Thoughtful: 3,
  Calm: 4,
  Focused: 4,
  Happy: 4,
  Excited: 5,
};
export const MOOD_WORD_EMOJI: Record<string, string> = {
  Excited: '🤩',
  Calm: '😌',
  Thoughtful: '🤔',
  Stressed: '😣',
  Focused: '🎯',
  Tired: '😴',
  Happy: '😊',
};

/** How much a check-in or diary entry may carry. */
export const CHECKIN = { noteMax: 2000, tagsMax: 20, tagMax: 40, recentTags: 12 } as const;
/**
 * Insights (issue 30, item 4): pairs of daily series over the last `days` days, shown when at least `minDays`
 * overlap, |r| ≥ `minR` and the pair survives Benjamini–Hochberg at `q` over every pair tested; `maxCards`
 * at most. A tag counts when it was used on at least `minTagDays` days and not on every one.
 */
export const INSIGHTS = { days: 365, minDays: 14, minR: 0.3, q: 0.1, maxCards: 5, minTagDays: 5 } as const;

/** Metrics that measure one quantity of a device (a walk's steps, its distance, its energy): never paired. */
export const SAME_QUANTITY_GROUPS: readonly (readonly string[])[] = [
  ['steps', 'walking-distance', 'active-energy'],
  ['heart-rate', 'resting-heart-rate'],
  ['mood', 'mood-1-10'],
  ['energy', 'energy-1-10'],
];

/** A metric's goal: per day or week, a fixed amount or adaptive (the average over the last `adaptiveWeeks` weeks). */
export const GOAL_PERIODS = ['day', 'week'] as const;
export const GOAL_KINDS = ['fixed', 'adaptive'] as const;
export const GOALS = { adaptiveWeeks: 8, maxRestDays: 6, streakDays: 400 } as const;

export const DIARY = { titleMax: 120, contentMax: 20_000, searchMax: 100 } as const;

/**
 * Mind & Body's 'Log Activity' (issue 30): each activity type names the metric it writes, and the minutes a
 * tap logs (SPEC's sample durations). A metric that does not exist yet is made on first use, owner-only.
 */
export const WELLNESS_ACTIVITIES = [
  { type: 'meditation', label: 'Meditation', minutes: 10, metric: { key: 'mindful-minutes', name: 'Mindful minutes', icon: 'Heart', color: '#fb7185' } },
  { type: 'exercise', label: 'Exercise', minutes: 25, metric: { key: 'workout-minutes', name: 'Workout minutes', icon: 'Flame', color: '#fb923c' } },
  { type: 'break', label: 'Break', minutes: 5, metric: { key: 'break-minutes', name: 'Break minutes', icon: 'Clock', color: '#a78bfa' } },
  { type: 'breathing', label: 'Breathing', minutes: 4, metric: { key: 'breathing-minutes', name: 'Breathing minutes', icon: 'Zap', color: '#38bdf8' } },
] as const;

/** The metrics Mind & Body's 'Today' reads, with SPEC's sample (marked as a sample) where one has no point today. */
export const WELLNESS_TILES = [
  { key: 'mood', metric: 'mood', label: 'Mood' },
  { key: 'energy', metric: 'energy', label: 'Energy' },
  { key: 'stress', metric: null, label: 'Stress' },
  { key: 'sleep', metric: 'sleep', label: 'Sleep' },
  { key: 'steps', metric: 'steps', label: 'Steps' },
  { key: 'hydration', metric: 'water', label: 'Hydration' },
  { key: 'mindful', metric: 'mindful-minutes', label: 'Mindful minutes' },
] as const;

/** The metrics a check-in writes (one point a day each, at noon in the owner's zone). */
export const CHECKIN_METRICS = { mood: 'mood', energy: 'energy' } as const;

// ---------- Browser storage keys ----------

export const STORAGE_KEYS = {
  /** light / dark / system */
  theme: 'theme',
  /** The person's accessibility choices (only what differs from the device's defaults), as JSON. */
  accessibility: 'accessibility-settings',
  /** What was last synced to the account, so a change made elsewhere is not overwritten. */
  accessibilitySynced: 'accessibility-settings-synced',
  /** The person's own presets (named sets of their choices), as JSON; signed in, their account's copy. */
  accessibilityPresets: 'accessibility-presets',
  /** Whether the accessibility status panel is open. */
  accessibilityPanel: 'accessibility-panel',
  /** Whether timeline events are marked on the trend charts ('off' when hidden; shown by default). */
  trendEvents: 'trend-events',
  /** Check-ins made while the connection was down, waiting to be sent (JSON; removed at sign-out). */
  checkinOutbox: 'checkin-outbox',
} as const;

// ---------- Theme and accessibility settings (SPEC §3, §4, §5) ----------

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = 'system';

/** The 20 switches, in the order SPEC lists them. */
export const ACCESSIBILITY_SWITCHES = [
  'reduceMotion',
  'disableAutoplay',
  'slowAnimations',
  'highContrast',
  'reducedTransparency',
  'enlargeText',
  'focusIndicators',
  'colorBlindFriendly',
  'simplerLanguage',
  'showProgress',
  'breadcrumbs',
  'sectionLabels',
  'reducedStimuli',
  'calmColors',
  'noFlashing',
  'quietMode',
  'singleTaskMode',
  'hideDistractions',
  'emphasizeImportant',
  'breakReminders',
] as const;
export type AccessibilitySwitch = (typeof ACCESSIBILITY_SWITCHES)[number];

export const COLOR_SCHEMES = ['default', 'calm', 'high-contrast', 'warm'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const LAYOUTS = ['default', 'minimal', 'spacious'] as const;
export type Layout = (typeof LAYOUTS)[number];
/** The typeface of all text: the site's own (system) stack, two self-hosted faces, or the system's serif. */
export const TYPEFACES = ['default', 'atkinson-hyperlegible', 'opendyslexic', 'serif'] as const;
export type Typeface = (typeof TYPEFACES)[number];
/** How long lines of running text may grow: as designed (wide), about 75 or 60 characters. */
export const CONTENT_WIDTHS = ['wide', 'medium', 'narrow'] as const;
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];

/** SPEC §5 slider ranges; break reminders are ours (how long before a gentle nudge). */
export const FONT_SIZE = { min: 12, max: 24, step: 1 } as const;
export const LINE_HEIGHT = { min: 1.2, max: 2.5, step: 0.1 } as const;
export const BREAK_MINUTES = { min: 5, max: 120, step: 5 } as const;
/** Extra space between letters and words and after paragraphs, in em (WCAG 1.4.12's ranges and beyond). */
export const LETTER_SPACING = { min: 0, max: 0.2, step: 0.01 } as const;
export const WORD_SPACING = { min: 0, max: 0.5, step: 0.1 } as const;
export const PARAGRAPH_SPACING = { min: 0, max: 2, step: 0.5 } as const;
export const SPACING_SETTINGS = ['letterSpacing', 'wordSpacing', 'paragraphSpacing'] as const;
/** A person's own presets: how many they may keep and how long a name may be (plain text). */
export const OWN_PRESETS = { max: 20, nameMaxLength: 40 } as const;
/**
 * The largest PUT /api/me/preferences body: the choices plus the most presets, each with every setting
 * and the longest name (about 1 KB each as JSON), with room to spare.
 */
export const PREFERENCES_MAX_BYTES = 32_000;
/** The reading ruler: how many lines its clear band shows (0: off), as Immersive Reader's line focus offers. */
export const READING_RULER_LINES = [0, 1, 3, 5] as const;
export type ReadingRulerLines = (typeof READING_RULER_LINES)[number];
export type SpacingSetting = (typeof SPACING_SETTINGS)[number];

/** SPEC §3: every switch off except focusIndicators, showProgress and sectionLabels. */
export const DEFAULT_ACCESSIBILITY = Object.freeze({
  reduceMotion: false,
  disableAutoplay: false,
  slowAnimations: false,
  highContrast: false,
  reducedTransparency: false,
  enlargeText: false,
  focusIndicators: true,
  colorBlindFriendly: false,
  simplerLanguage: false,
  showProgress: true,
  breadcrumbs: false,
  sectionLabels: true,
  reducedStimuli: false,
  calmColors: false,
  noFlashing: false,
  quietMode: false,
  singleTaskMode: false,
  hideDistractions: false,
  emphasizeImportant: false,
  breakReminders: false,
  fontSize: 16 as number,
  lineHeight: 1.5 as number,
  colorScheme: 'default' as ColorScheme,
  layout: 'default' as Layout,
  breakReminderMinutes: 25 as number,
  letterSpacing: 0 as number,
  wordSpacing: 0 as number,
  paragraphSpacing: 0 as number,
  typeface: 'default' as Typeface,
  contentWidth: 'wide' as ContentWidth,
  readingRuler: 0 as ReadingRulerLines,
});

/** Every class the settings put on <html> starts with this, so old ones can be removed. */
export const A11Y_CLASS_PREFIX = 'a11y-';

/** reduceMotion → 'a11y-reduce-motion'; a spacing chosen (above 0) → 'a11y-letter-spacing'. */
export function switchClass(key: AccessibilitySwitch | SpacingSetting): string {
  return A11Y_CLASS_PREFIX + key.replace(/[A-Z]/g, (letter) => '-' + letter.toLowerCase());
}
/** calm → 'a11y-scheme-calm' (the default scheme has no class). */
export function schemeClass(scheme: Exclude<ColorScheme, 'default'>): string {
  return `${A11Y_CLASS_PREFIX}scheme-${scheme}`;
}
/** serif → 'a11y-typeface-serif'; narrow → 'a11y-width-narrow' (the defaults have no class). */
export function typefaceClass(typeface: Exclude<Typeface, 'default'>): string {
  return `${A11Y_CLASS_PREFIX}typeface-${typeface}`;
}
export function widthClass(width: Exclude<ContentWidth, 'wide'>): string {
  return `${A11Y_CLASS_PREFIX}width-${width}`;
}
/** 3 → 'a11y-ruler-3' (off has no class). */
export function rulerClass(lines: Exclude<ReadingRulerLines, 0>): string {
  return `${A11Y_CLASS_PREFIX}ruler-${lines}`;
}
/** minimal → 'a11y-layout-minimal' (the default layout has no class). */
export function layoutClass(layout: Exclude<Layout, 'default'>): string {
  return `${A11Y_CLASS_PREFIX}layout-${layout}`;
}

/**
 * Markers a page puts on its parts so the switches can find them (SPEC §3):
 * - `data-secondary`: a part that is not the page's main task; 'Hide distractions' and 'Single-task
 *   mode' remove it from the page and the accessibility tree (display: none), and the status panel counts it.
 * - `data-section-label="…"`: a section's visible label while 'Section labels' is on.
 * - `data-hover-scale`: grows a little on hover, unless motion or stimuli are reduced.
 */
export const A11Y_MARKERS = {
  secondary: 'data-secondary',
  sectionLabel: 'data-section-label',
  hoverScale: 'data-hover-scale',
} as const;
