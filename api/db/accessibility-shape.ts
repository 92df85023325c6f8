import { z } from 'zod';

/*
 * The accessibility settings of SPEC §3 as validation shapes. They live on the server side because
 * /api/me/preferences validates with them and api/ never imports UI code; the browser side
 * (src/lib/accessibility-settings.ts) builds defaults, presets and the page mapping on top of them.
 * Plain zod, no drizzle: the settings drawer imports this file and must stay light.
 */

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
export const LAYOUTS = ['default', 'minimal', 'spacious'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;

/** SPEC §5 slider ranges; break reminders are ours (how long before a gentle nudge). */
export const FONT_SIZE = { min: 12, max: 24, step: 1 } as const;
export const LINE_HEIGHT = { min: 1.2, max: 2.5, step: 0.1 } as const;
export const BREAK_MINUTES = { min: 5, max: 120, step: 5 } as const;

/** At most one decimal, written plainly: what a 0.1-step slider produces (the head script checks the same way). */
const oneDecimal = (value: number) => /^\d+(\.\d)?$/.test(String(value));

const switchFields = Object.fromEntries(ACCESSIBILITY_SWITCHES.map((key) => [key, z.boolean()])) as {
  [K in AccessibilitySwitch]: z.ZodBoolean;
};

/** One schema per field, so a stored value can be checked field by field (a bad field never spoils the rest). */
export const accessibilityFields = {
  ...switchFields,
  fontSize: z
    .number()
    .int('must be a whole number')
    .min(FONT_SIZE.min, `must be at least ${FONT_SIZE.min}`)
    .max(FONT_SIZE.max, `must be at most ${FONT_SIZE.max}`),
  lineHeight: z
    .number()
    .min(LINE_HEIGHT.min, `must be at least ${LINE_HEIGHT.min}`)
    .max(LINE_HEIGHT.max, `must be at most ${LINE_HEIGHT.max}`)
    .refine(oneDecimal, 'must be in steps of 0.1'),
  colorScheme: z.enum(COLOR_SCHEMES),
  layout: z.enum(LAYOUTS),
  breakReminderMinutes: z
    .number()
    .int('must be a whole number')
    .min(BREAK_MINUTES.min, `must be at least ${BREAK_MINUTES.min}`)
    .max(BREAK_MINUTES.max, `must be at most ${BREAK_MINUTES.max}`),
};

export const accessibilitySettingsShape = z.object(accessibilityFields).strict();
export type AccessibilitySettings = z.infer<typeof accessibilitySettingsShape>;

/**
 * PUT /api/me/preferences. `accessibility` is the person's own choices (any subset of the settings;
 * what is left out follows the defaults of the device), `theme` the light/dark/system choice.
 */
export const preferencesUpdate = z
  .object({
    accessibility: accessibilitySettingsShape.partial().strict().optional(),
    theme: z.enum(THEMES).optional(),
  })
  .strict()
  .refine((body) => body.accessibility !== undefined || body.theme !== undefined, 'must contain accessibility or theme');
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;
