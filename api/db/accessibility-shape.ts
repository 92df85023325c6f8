import { z } from 'zod';
import {
  ACCESSIBILITY_SWITCHES,
  BREAK_MINUTES,
  COLOR_SCHEMES,
  FONT_SIZE,
  LAYOUTS,
  LINE_HEIGHT,
  THEMES,
  type AccessibilitySwitch,
} from '#domain/vocabulary.ts';

/*
 * The accessibility settings of SPEC §3 as validation shapes. They live on the server side because
 * /api/me/preferences validates with them and api/ never imports UI code; the browser side
 * (src/lib/accessibility-settings.ts) builds defaults, presets and the page mapping on top of them.
 * Plain zod, no drizzle: the settings drawer imports this file and must stay light.
 */

export { ACCESSIBILITY_SWITCHES, BREAK_MINUTES, COLOR_SCHEMES, FONT_SIZE, LAYOUTS, LINE_HEIGHT, THEMES, type AccessibilitySwitch };

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
