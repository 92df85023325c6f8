import type { Page } from 'playwright-core';
import { ACCESSIBILITY_SWITCHES, PRESETS, PRESET_NAMES, STORAGE_KEY, type AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { expectNoAxeViolations, preloadAxe } from './axe.ts';
import { expectNoHtmlCodeSnifferErrors } from './html-codesniffer.ts';
import { pageQuiet, trackRequests } from './network-quiet.ts';

/*
 * The accessibility matrix: axe (WCAG 2.2 AA) on each path, in light and dark, with no settings and with
 * the presets (PRESET_VARIANTS, and any other variants given); with every setting on, HTML_CodeSniffer too. Point it at more routes as pages are added:
 *
 *   const failures = await axeMatrix(page, ['/', '/public-projects']);
 *   expect(failures).toEqual([]);
 *
 * For signed-in routes, sign the page's context in first (tests/support/sign-in.ts). The matrix marks the
 * settings as already synced, so a signed-in run neither takes the person's server copy over the variant
 * nor sends the variant up to the account the file's later pages read.
 */

export interface Variant {
  name: string;
  /** The person's choices, stored as the site stores them (merged over the defaults). */
  settings: Partial<AccessibilitySettings>;
  /** Also HTML_CodeSniffer's WCAG 2 AA rules (a second checker, for the look with every setting on). */
  htmlCodeSniffer?: boolean;
}

/**
 * The presets whose looks axe can tell apart. Motor difficulties gives the default palette, judged with no
 * settings at a smaller text size (where contrast asks more), and the dyslexia preset's text size and spacious
 * layout: each colour and layout it makes is judged under another variant, so the matrices do not scan them twice
 * (the drawer's test applies it, and every setting's own test checks what it changes).
 */
export const PRESET_VARIANTS: Variant[] = PRESET_NAMES.filter((name) => name !== 'motor-difficulties').map((name) => ({
  name: `${name} preset`,
  settings: PRESETS[name].changes,
}));

/**
 * Every setting on at once: each switch (breadcrumbs, labels, emphasis, shapes... all the extras a page can show)
 * and the reading settings at their strongest (ruler, typeface, spacing, line length), judged by both checkers.
 */
export const EVERYTHING_ON: Variant = {
  name: 'every setting on',
  settings: {
    ...(Object.fromEntries(ACCESSIBILITY_SWITCHES.map((key) => [key, true])) as Partial<AccessibilitySettings>),
    readingRuler: 3,
    typeface: 'opendyslexic',
    letterSpacing: 0.2,
    wordSpacing: 0.5,
    paragraphSpacing: 2,
    contentWidth: 'narrow',
  },
  htmlCodeSniffer: true,
};

/** No settings, the presets, the two palettes no preset reaches, and everything on. */
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

/** Says this device's settings are in step with the account (src/components/accessibility/preferences-sync.ts). */
export async function markSynced(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('accessibility-settings-synced', 'true'));
}

/**
 * Lets the page come to rest before it is judged: scrolled through once so lazy sections load, their
 * requests answered, and every animation that ends (entrances, fades) ended, so colours are measured
 * as they settle rather than half-faded. Those are finished rather than waited for: the same last frame,
 * without rendering the frames before it (the dashboard's staggered cards alone ran 1.3 s).
 */
export async function settle(page: Page): Promise<void> {
  trackRequests(page);
  // What loads or enters only once scrolled into view: `client:visible` islands, the stat cards' entrances.
  const waitsToBeSeen = await page.evaluate(() => document.querySelector('astro-island[client="visible"], .stat-card, [data-enter]') !== null);
  // A screen at a time, as a person scrolls: a jump to the end would pass over the sections in between, which
  // then never load (the dashboard's middle sections stayed skeletons, pulsing). Two frames a screen: the
  // sections in view have been told so (IntersectionObserver) and asked for their script. Pages with nothing of
  // the kind are judged as they load (scrolling them cost a sixth of each scan).
  if (waitsToBeSeen) {
    await page.evaluate(async () => {
      const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let top = window.innerHeight; top < document.documentElement.scrollHeight; top += window.innerHeight) {
        window.scrollTo({ top, behavior: 'instant' });
        await twoFrames();
      }
    });
  }
  await pageQuiet(page);
  // Endless loops and scroll-driven animations (the reading progress bar) never finish, so they are left running.
  await page.evaluate(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    const ends = (animation: Animation) => animation.playState === 'running' && animation.timeline === document.timeline && animation.effect?.getComputedTiming().endTime !== Infinity;
    for (const animation of document.getAnimations()) if (ends(animation)) animation.finish();
  });
  // One that a finished one started (an entrance after a fade) runs to its end too.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.timeline !== document.timeline || animation.effect?.getComputedTiming().endTime === Infinity),
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
  await preloadAxe(page.context());
  for (const mode of modes) {
    await page.emulateMedia({ colorScheme: mode });
    for (const variant of variants) {
      for (const [index, path] of paths.entries()) {
        if (index === 0) {
          if (!page.url().startsWith('http')) await page.goto(path);
          await markSynced(page);
          await visitWith(page, path, variant.settings);
        } else await page.goto(path);
        await settle(page);
        await prepare?.(page);
        const label = `${path} (${mode}, ${variant.name})`;
        const checks = [expectNoAxeViolations, ...(variant.htmlCodeSniffer ? [expectNoHtmlCodeSnifferErrors] : [])];
        for (const check of checks) {
          try {
            await check(page, label);
          } catch (error) {
            failures.push(error instanceof Error ? error.message.split('\n').slice(0, 12).join('\n') : String(error));
          }
        }
      }
    }
  }
  return failures;
}
