import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { expectNoHtmlCodeSnifferErrors } from '../support/html-codesniffer.ts';
import { storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * Each reading setting (ruler, typeface, spacing, line length) alone on the four kinds of page it is made for —
 * the landing, a project, the diary and data management: zero axe violations and zero HTML_CodeSniffer WCAG 2 AA
 * errors. All of them at once, on every route in light and dark, is the matrices' "every setting on" look
 * (tests/support/a11y-matrix.ts), judged by both checkers too.
 */

const ROUTES = ['/', '/public-projects/1', '/diary', '/data-management'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
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
