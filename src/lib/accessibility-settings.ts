/**
 * The accessibility settings (SPEC §3, §4, §5) as pure functions: defaults, the operating system's
 * adjustments, reading what is stored, the presets, the status badges and how settings show on <html>.
 * src/scripts/head-init.js applies the same mapping before first paint; a unit test holds them equal.
 * The names, defaults and ranges themselves are in domain/vocabulary.ts.
 */
import {
  A11Y_CLASS_PREFIX,
  ACCESSIBILITY_SWITCHES,
  DEFAULT_ACCESSIBILITY,
  SPACING_SETTINGS,
  STORAGE_KEYS,
  layoutClass,
  rulerClass,
  type ReadingRulerLines,
  schemeClass,
  switchClass,
  typefaceClass,
  widthClass,
} from '#domain/vocabulary.ts';
import { accessibilityFields, type AccessibilitySettings } from '#domain/shapes.ts';

export {
  ACCESSIBILITY_SWITCHES,
  BREAK_MINUTES,
  COLOR_SCHEMES,
  CONTENT_WIDTHS,
  FONT_SIZE,
  LAYOUTS,
  LETTER_SPACING,
  LINE_HEIGHT,
  PARAGRAPH_SPACING,
  READING_RULER_LINES,
  TYPEFACES,
  WORD_SPACING,
  type AccessibilitySwitch,
  type ReadingRulerLines,
  type ContentWidth,
  type Typeface,
} from '#domain/vocabulary.ts';
export type { AccessibilitySettings } from '#domain/shapes.ts';

export const STORAGE_KEY = STORAGE_KEYS.accessibility;

/** SPEC §3: every switch off except focusIndicators, showProgress and sectionLabels. */
export const DEFAULT_SETTINGS: Readonly<AccessibilitySettings> = DEFAULT_ACCESSIBILITY;

type Key = keyof AccessibilitySettings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as Key[];

export interface OsPreferences {
  reducedMotion: boolean;
  moreContrast: boolean;
}

export const OS_QUERIES = {
  reducedMotion: '(prefers-reduced-motion: reduce)',
  moreContrast: '(prefers-contrast: more)',
} as const;

export function readOsPreferences(match: (query: string) => { matches: boolean } = (q) => window.matchMedia(q)): OsPreferences {
  return { reducedMotion: match(OS_QUERIES.reducedMotion).matches, moreContrast: match(OS_QUERIES.moreContrast).matches };
}

/** The starting point is the person's own system: reduced motion and more contrast carry over. Reset returns here. */
export function effectiveDefaults(os: OsPreferences): AccessibilitySettings {
  return { ...DEFAULT_SETTINGS, reduceMotion: os.reducedMotion, highContrast: os.moreContrast };
}

/**
 * Stored values merged over `base`, field by field: an unknown, missing or invalid field keeps the
 * base value, so a corrupt or partial store never breaks the page.
 */
export function mergeStored(raw: unknown, base: AccessibilitySettings): AccessibilitySettings {
  const merged: AccessibilitySettings = { ...base };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return merged;
  const record = raw as Record<string, unknown>;
  for (const key of KEYS) {
    if (!Object.hasOwn(record, key)) continue;
    const parsed = accessibilityFields[key].safeParse(record[key]);
    if (parsed.success) (merged as Record<Key, unknown>)[key] = parsed.data;
  }
  return merged;
}

/** The stored text (which may be anything, or nothing) merged over `base`. */
export function parseStoredText(text: string | null | undefined, base: AccessibilitySettings): AccessibilitySettings {
  if (!text) return { ...base };
  try {
    return mergeStored(JSON.parse(text), base);
  } catch {
    return { ...base };
  }
}

/**
 * What is saved: only what differs from the device's defaults, so a setting the person never touched
 * keeps following their operating system (and the stored value stays small).
 */
export function choicesOver(settings: AccessibilitySettings, base: AccessibilitySettings): Partial<AccessibilitySettings> {
  const choices: Partial<Record<Key, unknown>> = {};
  for (const key of KEYS) if (settings[key] !== base[key]) choices[key] = settings[key];
  return choices as Partial<AccessibilitySettings>;
}

export const PRESET_NAMES = ['adhd', 'autism', 'dyslexia', 'low-vision', 'motor-difficulties'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** SPEC §4: each preset sets exactly these keys and leaves every other setting as it is. */
export const PRESETS: Record<PresetName, { label: string; description: string; changes: Partial<AccessibilitySettings> }> = {
  adhd: {
    label: 'ADHD',
    description: 'Fewer distractions, one task at a time, no motion, gentle break reminders.',
    changes: {
      reduceMotion: true,
      singleTaskMode: true,
      hideDistractions: true,
      emphasizeImportant: true,
      breakReminders: true,
      colorScheme: 'calm',
      layout: 'minimal',
    },
  },
  autism: {
    label: 'Autism',
    description: 'Calm colours, quiet pages, nothing flashing, plain language and clear section labels.',
    changes: {
      reducedStimuli: true,
      calmColors: true,
      noFlashing: true,
      quietMode: true,
      simplerLanguage: true,
      sectionLabels: true,
      colorScheme: 'calm',
      layout: 'spacious',
    },
  },
  dyslexia: {
    label: 'Dyslexia',
    description: 'Larger text with more space between lines, more contrast and plain language.',
    changes: { enlargeText: true, highContrast: true, simplerLanguage: true, lineHeight: 2, fontSize: 18, layout: 'spacious' },
  },
  'low-vision': {
    label: 'Low vision',
    description: 'Much larger text, the high-contrast palette, strong focus rings and no see-through surfaces.',
    changes: {
      highContrast: true,
      enlargeText: true,
      focusIndicators: true,
      reducedTransparency: true,
      fontSize: 20,
      lineHeight: 2,
      colorScheme: 'high-contrast',
    },
  },
  'motor-difficulties': {
    label: 'Motor difficulties',
    description: 'Larger text and targets, strong focus rings, slower animations and more space.',
    changes: { enlargeText: true, focusIndicators: true, slowAnimations: true, layout: 'spacious', fontSize: 18 },
  },
};

export function applyPreset(settings: AccessibilitySettings, name: PresetName): AccessibilitySettings {
  return { ...settings, ...PRESETS[name].changes };
}

/** Plain names, used by the drawer and by announcements of what changed. */
export const SETTING_LABELS: Record<Key, string> = {
  reduceMotion: 'Reduce motion',
  disableAutoplay: 'Stop autoplay',
  slowAnimations: 'Slow animations',
  highContrast: 'High contrast',
  reducedTransparency: 'Reduce transparency',
  enlargeText: 'Enlarge text',
  focusIndicators: 'Strong focus indicators',
  colorBlindFriendly: 'Colour-blind friendly colours',
  simplerLanguage: 'Simpler language',
  showProgress: 'Show progress',
  breadcrumbs: 'Breadcrumbs',
  sectionLabels: 'Section labels',
  reducedStimuli: 'Reduce stimuli',
  calmColors: 'Calm colours',
  noFlashing: 'No flashing',
  quietMode: 'Quiet mode',
  singleTaskMode: 'Single-task mode',
  hideDistractions: 'Hide distractions',
  emphasizeImportant: 'Emphasise important items',
  breakReminders: 'Break reminders',
  fontSize: 'Text size',
  lineHeight: 'Line spacing',
  colorScheme: 'Colour scheme',
  layout: 'Layout',
  breakReminderMinutes: 'Break reminder interval',
  letterSpacing: 'Letter spacing',
  wordSpacing: 'Word spacing',
  paragraphSpacing: 'Paragraph spacing',
  typeface: 'Typeface',
  contentWidth: 'Line length',
  readingRuler: 'Reading ruler',
};

export const CHOICE_LABELS: Record<string, string> = {
  default: 'Default',
  calm: 'Calm',
  'high-contrast': 'High contrast',
  warm: 'Warm',
  minimal: 'Minimal',
  spacious: 'Spacious',
  'atkinson-hyperlegible': 'Atkinson Hyperlegible',
  opendyslexic: 'OpenDyslexic',
  serif: 'Serif',
  wide: 'Wide (as designed)',
  medium: 'Medium (about 75 characters)',
  narrow: 'Narrow (about 60 characters)',
};

/** 0 → 'off', 1 → '1 line', 3 → '3 lines'. */
export function rulerLabel(lines: ReadingRulerLines): string {
  return lines === 0 ? 'off' : `${lines} ${lines === 1 ? 'line' : 'lines'}`;
}

export function describeValue(key: Key, value: AccessibilitySettings[Key]): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (key === 'fontSize') return `${value} px`;
  if (key === 'breakReminderMinutes') return `${value} minutes`;
  if (key === 'letterSpacing' || key === 'wordSpacing' || key === 'paragraphSpacing') return `${value} em`;
  if (key === 'readingRuler') return rulerLabel(value as ReadingRulerLines);
  if (typeof value === 'string') return CHOICE_LABELS[value] ?? value;
  return String(value);
}

/** "Reduce motion on, Layout Minimal, …": every setting that differs between the two, in a stable order. */
export function describeChanges(before: AccessibilitySettings, after: AccessibilitySettings): string[] {
  return KEYS.filter((key) => before[key] !== after[key]).map((key) => `${SETTING_LABELS[key]} ${describeValue(key, after[key])}`);
}

export const BADGES = ['reduced-motion', 'high-contrast', 'large-text', 'focus-mode', 'calm-mode'] as const;
export type Badge = (typeof BADGES)[number];

export const BADGE_LABELS: Record<Badge, string> = {
  'reduced-motion': 'Reduced Motion',
  'high-contrast': 'High Contrast',
  'large-text': 'Large Text',
  'focus-mode': 'Focus Mode',
  'calm-mode': 'Calm Mode',
};

/** The status panel's badges, as the issue defines them. */
export function activeBadges(s: AccessibilitySettings): Badge[] {
  const on: Record<Badge, boolean> = {
    'reduced-motion': s.reduceMotion,
    'high-contrast': s.highContrast || s.colorScheme === 'high-contrast',
    'large-text': s.enlargeText || s.fontSize > 16,
    'focus-mode': s.singleTaskMode || s.hideDistractions,
    'calm-mode': s.calmColors || s.reducedStimuli || s.colorScheme === 'calm',
  };
  return BADGES.filter((badge) => on[badge]);
}

/** Every class this system may put on <html> starts with this, so old ones can be removed. */
export const CLASS_PREFIX = A11Y_CLASS_PREFIX;
export { switchClass };

/** enlargeText lifts the text one step of the type scale above the chosen size. */
export const ENLARGE_STEP = 1.125;

export interface DomState {
  classes: string[];
  vars: Record<
    '--font-size' | '--line-height' | '--motion-scale' | '--letter-spacing' | '--word-spacing' | '--paragraph-spacing',
    string
  >;
  badges: Badge[];
}

/**
 * How settings show on <html>: one class per switch that is on, one for a non-default scheme, layout,
 * typeface, line length and reading ruler, one per spacing chosen (a11y-letter-spacing…: text keeps its own tracking
 * until the person picks one), six CSS variables and the active badges (as data-a11y-badges). The font size is a
 * percentage of the browser's own base size (16 px = 100 %), so a larger browser default still counts.
 * Motion scale: 0 without motion, 2 for slow animations; components multiply durations by it.
 */
export function settingsToDom(s: AccessibilitySettings): DomState {
  const classes = ACCESSIBILITY_SWITCHES.filter((key) => s[key]).map(switchClass);
  if (s.colorScheme !== 'default') classes.push(schemeClass(s.colorScheme));
  if (s.layout !== 'default') classes.push(layoutClass(s.layout));
  if (s.typeface !== 'default') classes.push(typefaceClass(s.typeface));
  if (s.contentWidth !== 'wide') classes.push(widthClass(s.contentWidth));
  for (const key of SPACING_SETTINGS) if (s[key] > 0) classes.push(switchClass(key));
  if (s.readingRuler !== 0) classes.push(rulerClass(s.readingRuler));
  const size = (s.fontSize * (s.enlargeText ? ENLARGE_STEP : 1) * 100) / 16;
  return {
    classes,
    vars: {
      '--font-size': `${Math.round(size * 1000) / 1000}%`,
      '--line-height': String(s.lineHeight),
      '--motion-scale': s.reduceMotion ? '0' : s.slowAnimations ? '2' : '1',
      '--letter-spacing': `${s.letterSpacing}em`,
      '--word-spacing': `${s.wordSpacing}em`,
      '--paragraph-spacing': `${s.paragraphSpacing}em`,
    },
    badges: activeBadges(s),
  };
}

/**
 * For scripts that move things by themselves (carousels, tickers, video): may they start on their own?
 * Reads the classes on <html>, so it works on any page without loading the settings.
 */
export function autoplayAllowed(root: Element = document.documentElement): boolean {
  return !root.classList.contains(switchClass('disableAutoplay')) && !root.classList.contains(switchClass('reduceMotion'));
}

/** For scripts that animate: the factor to multiply durations by (0 = jump straight to the end). */
export function motionScale(root: HTMLElement = document.documentElement): number {
  const value = Number(getComputedStyle(root).getPropertyValue('--motion-scale'));
  return Number.isFinite(value) && value >= 0 ? value : 1;
}
