import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { markSynced, visitWith } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pageQuiet } from '../support/network-quiet.ts';
import { ADMIN_ROUTES, VISITOR_ROUTES } from '../support/routes.ts';
import { sessionCookie, useCookie } from '../support/sign-in.ts';

/*
 * WCAG 1.4.4 (resize text) and 1.4.10 (reflow) at the drawer's real range: every route, as a visitor and as
 * the owner, with no settings, with 20 px text and with the largest setting the drawer offers, on a desktop
 * and on a 320 px phone. A page passes when it never scrolls sideways, its top bar's controls are all within
 * the window, and no text is squeezed into a box narrower than two of its own characters (the "one letter per
 * line" a shrinking flex or table cell makes).
 */

const SETTINGS: Array<[string, Partial<AccessibilitySettings>]> = [
  ['default', {}],
  ['20 px', { fontSize: 20 }],
  // With the widest reading settings too: the broadest typeface, the most letter, word and paragraph spacing.
  [
    'largest',
    {
      fontSize: 24,
      enlargeText: true,
      lineHeight: 2.5,
      layout: 'spacious',
      typeface: 'opendyslexic',
      letterSpacing: 0.2,
      wordSpacing: 0.5,
      paragraphSpacing: 2,
      contentWidth: 'narrow',
      readingRuler: 5,
      breadcrumbs: true,
    },
  ],
];
const WIDTHS = [1280, 320] as const;
const WHO = [
  // The ways in too: the chooser, the owner link's Sign in page and the recovery-code form.
  ['a visitor', [...VISITOR_ROUTES, '/api/login', '/api/login/owner?token=a-link-from-the-console', '/api/login/recovery-code']],
  // The mood metric's page has the widest table of points.
  ['the owner', [...ADMIN_ROUTES, '/data-management/metrics/mood']],
] as const;

let browser: Browser;
let ownerCookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ownerCookie = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
});

/** What is wrong with the page on screen: sideways scrolling, and every text squeezed below two characters. */
const reflowProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    // A fixed or sticky bar does not widen the page: each of its controls must be within the window itself.
    const offscreen = [...document.querySelectorAll('header :is(a, button, input, select)')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -0.5 || box.right > root.clientWidth + 0.5);
    });
    if (offscreen.length) problems.push(`top bar controls outside the window: ${offscreen.map((element) => element.textContent?.trim() || element.getAttribute('aria-label')).join(', ')}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      const node = next;
      const text = node.textContent!.replace(/\s+/g, '');
      // Characters as a reader counts them: an emoji is one, whatever its code units.
      const characters = [...graphemes.segment(node.textContent!)].filter((part) => /\S/.test(part.segment));
      const parent = node.parentElement;
      if (characters.length < 2 || !parent || parent.closest('.sr-only, script, style, template, noscript')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility !== 'visible') continue;
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
      if (boxes.length === 0) continue;
      // The width of its first two characters as drawn (font, weight and letter-spacing included).
      const firstTwo = characters.slice(0, 2).map((part) => {
        range.setStart(node, part.index);
        range.setEnd(node, part.index + part.segment.length);
        return range.getBoundingClientRect().width;
      });
      const twoCharacters = firstTwo[0]! + firstTwo[1]!;
      const widest = Math.max(...boxes.map((box) => box.width));
      // One box per line: a word that breaks every letter leaves every line narrower than two letters.
      if (widest + 1 < twoCharacters) problems.push(`"${text.slice(0, 30)}" in <${parent.tagName.toLowerCase()}> is ${Math.round(widest)} px wide`);
    }
    return problems;
  });

describe('every page reflows at every text size', () => {
  for (const [who, paths] of WHO) {
    for (const width of WIDTHS) {
      it(`for ${who} at ${width} px`, { timeout: 480_000 }, async () => {
        const { context, page } = await newPage(browser, { width, height: 800 });
        if (who === 'the owner') {
          await useCookie(context, ownerCookie);
          await page.goto('/no-such-page');
          // These test settings stay on this device, not on the account other files share.
          await markSynced(page);
        }
        const failures: string[] = [];
        for (const [name, settings] of SETTINGS) {
          for (const path of paths) {
            await visitWith(page, path, settings);
            await pageQuiet(page);
            const problems = await reflowProblems(page);
            if (problems.length) failures.push(`${path} (${name}, ${width} px): ${problems.length} problems, e.g. ${problems.slice(0, 3).join('; ')}`);
          }
        }
        await context.close();
        console.log(`${who} at ${width} px: ${SETTINGS.length * paths.length} combinations checked, ${failures.length} failing`);
        expect(failures).toEqual([]);
      });
    }
  }
});
