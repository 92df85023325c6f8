import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { expectNoHtmlCodeSnifferErrors } from '../support/html-codesniffer.ts';
import { storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The reading settings (ruler, typeface, spacing, line length) all on at once, in light and dark, on the four
 * kinds of page they are made for — the landing, a project, the diary and data management: zero axe
 * violations and zero HTML_CodeSniffer WCAG 2 AA errors.
 */

const ALL_ON: Partial<AccessibilitySettings> = {
  readingRuler: 3,
  typeface: 'opendyslexic',
  letterSpacing: 0.2,
  wordSpacing: 0.5,
  paragraphSpacing: 2,
  contentWidth: 'narrow',
};
const ROUTES = ['/', '/public-projects/1', '/diary', '/data-management'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('every reading setting at once', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe and HTML_CodeSniffer on four kinds of page, ${colorScheme}`, { timeout: 180_000 }, async () => {
      const { context, page } = await newPage(browser, { colorScheme });
      await storeSettingsBeforeLoad(page, ALL_ON);
      for (const path of ROUTES) {
        if (path === '/diary') await signIn(context, 'admin');
        await page.goto(path);
        await page.locator('html.a11y-ruler-3').waitFor({ state: 'attached' });
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
        await expectNoHtmlCodeSnifferErrors(page, `${path} (${colorScheme})`);
      }
      await context.close();
    });
  }
});

describe('each reading setting alone', () => {
  const ALONE: Array<Partial<AccessibilitySettings>> = [
    { readingRuler: 5 },
    { typeface: 'atkinson-hyperlegible' },
    { letterSpacing: 0.12, wordSpacing: 0.2, paragraphSpacing: 1 },
    { contentWidth: 'medium' },
  ];
  for (const settings of ALONE) {
    it(
      `passes axe and HTML_CodeSniffer on four kinds of page with ${JSON.stringify(settings)}`,
      { timeout: 180_000 },
      async () => {
        const { context, page } = await newPage(browser);
        await storeSettingsBeforeLoad(page, settings);
        for (const path of ROUTES) {
          if (path === '/diary') await signIn(context, 'admin');
          await page.goto(path);
          await expectNoAxeViolations(page, path);
          await expectNoHtmlCodeSnifferErrors(page, path);
        }
        await context.close();
      },
    );
  }
});
