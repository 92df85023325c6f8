import type { Page } from 'playwright-core';
import { ACCESSIBILITY_SWITCHES, PRESETS, PRESET_NAMES, STORAGE_KEY, type AccessibilitySettings } from '../../src/lib/accessibility-settings.ts';
import { expectNoAxeViolations } from './axe.ts';

/*
 * The accessibility matrix: axe (WCAG 2.2 AA) on each path, in light and dark, with no settings and with
 * each of the five presets (and any other variants given). Point it at more routes as pages are added:
 *
 *   const failures = await axeMatrix(page, ['/', '/public-projects']);
 *   expect(failures).toEqual([]);
 *
 * For signed-in routes, sign the page's context in first (tests/support/sign-in.ts).
 */

export interface Variant {
  name: string;
  /** The person's choices, stored as the site stores them (merged over the defaults). */
  settings: Partial<AccessibilitySettings>;
}

export const PRESET_VARIANTS: Variant[] = PRESET_NAMES.map((name) => ({ name: `${name} preset`, settings: PRESETS[name].changes }));

/** Every switch on at once: breadcrumbs, labels, emphasis, shapes... all the extras a page can show. */
export const EVERYTHING_ON: Variant = {
  name: 'every switch on',
  settings: Object.fromEntries(ACCESSIBILITY_SWITCHES.map((key) => [key, true])) as Partial<AccessibilitySettings>,
};

/** No settings, the five presets, the two palettes no preset reaches, and everything on. */
export const DEFAULT_VARIANTS: Variant[] = [
  { name: 'no settings', settings: {} },
  ...PRESET_VARIANTS,
  { name: 'warm scheme', settings: { colorScheme: 'warm' } },
  { name: 'colour-blind friendly', settings: { colorBlindFriendly: true } },
  EVERYTHING_ON,
];

export interface MatrixOptions {
  modes?: ReadonlyArray<'light' | 'dark'>;
  variants?: Variant[];
  /** Runs on each page before axe (open a dialog, expand a panel, ...). */
  prepare?: (page: Page) => Promise<void>;
}

/** Stores settings for the page's origin (the page must already be on the site). */
export async function storeSettings(page: Page, settings: Partial<AccessibilitySettings> | string | null): Promise<void> {
  await page.evaluate(
    ([key, value]) => (value === null ? localStorage.removeItem(key!) : localStorage.setItem(key!, value)),
    [STORAGE_KEY, settings === null ? null : typeof settings === 'string' ? settings : JSON.stringify(settings)] as const,
  );
}

/** Goes to `path` with exactly these settings stored, as a returning visitor would arrive. */
export async function visitWith(page: Page, path: string, settings: Partial<AccessibilitySettings> | string | null): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto(path);
  await storeSettings(page, settings);
  await page.goto(path);
}

/**
 * Every violation on every path × mode × variant, as readable lines (an empty list is a pass).
 * All combinations run even after a failure, so one run shows everything there is to fix.
 */
export async function axeMatrix(page: Page, paths: string[], options: MatrixOptions = {}): Promise<string[]> {
  const { modes = ['light', 'dark'], variants = DEFAULT_VARIANTS, prepare } = options;
  const failures: string[] = [];
  for (const mode of modes) {
    await page.emulateMedia({ colorScheme: mode });
    for (const variant of variants) {
      for (const [index, path] of paths.entries()) {
        if (index === 0) await visitWith(page, path, variant.settings);
        else await page.goto(path);
        await prepare?.(page);
        try {
          await expectNoAxeViolations(page, `${path} (${mode}, ${variant.name})`);
        } catch (error) {
          failures.push(error instanceof Error ? error.message.split('\n').slice(0, 12).join('\n') : String(error));
        }
      }
    }
  }
  return failures;
}
