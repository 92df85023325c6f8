import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeMatrix, type Variant } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { sessionCookie, useCookie, type Role } from '../support/sign-in.ts';

/*
 * The WCAG 2.2 AA matrix of issue 6, shared by the accessibility-axe-matrix-*.test.ts files (one per
 * kind of person, so they run side by side): axe on every route that person can reach
 * (tests/support/routes.ts), in light and dark, with each variant of the settings. One test per
 * mode × variant, so each stays inside its time limit on a busy two-core machine and a failure names
 * exactly what to fix.
 */

export const MODES = ['light', 'dark'] as const;

export function describeAxeMatrix(who: string, role: Role | null, paths: string[], variants: Variant[]): () => Browser {
  let browser: Browser;
  let cookie: string | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    // One session for the file: signing in is the slow part, and the matrix only reads.
    if (role) cookie = await sessionCookie(role);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe(`every page ${who} can reach meets WCAG 2.2 AA in every look the settings give it`, () => {
    for (const mode of MODES) {
      for (const variant of variants) {
        const checkers = variant.htmlCodeSniffer ? 'axe or HTML_CodeSniffer' : 'axe';
        it(`has no ${checkers} violations in ${mode} with ${variant.name}`, { timeout: 240_000 }, async () => {
          const { context, page } = await newPage(browser, { colorScheme: mode });
          if (cookie) await useCookie(context, cookie);
          expect(await axeMatrix(page, paths, { modes: [mode], variants: [variant] })).toEqual([]);
          await context.close();
        });
      }
    }
  });
  return () => browser;
}
