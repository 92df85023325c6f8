import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_SIZE, LETTER_SPACING, WORD_SPACING } from '#domain/vocabulary.ts';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * Every top bar fits one line from 360 px up, and the accessibility status chip never covers the page or
 * the bar (issue 12, docs/decisions/005): the chip sits in a strip the sticky bar keeps free under its
 * row, so the page starts below it and scrolls under the bar, never under the chip. Measured with
 * bounding boxes at 360, 390 and 1280 px, at the default and the largest text size, scrolled and not.
 * One page load per route and text size; the widths are the same page resized. On a phone, with every word at
 * its widest, page titles shrink to the screen rather than split a word across two lines.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [360, 390, 1280];
const PUBLIC = ['/', '/public-projects', '/public-projects/1'];
const SIGNED_IN = ['/', '/projects/1', '/data-management', '/lab'];
const LARGEST: Partial<AccessibilitySettings> = { fontSize: FONT_SIZE.max, enlargeText: true };
/** The largest text with the widest letter and word spacing: every word at its widest. */
const WIDEST: Partial<AccessibilitySettings> = { ...LARGEST, letterSpacing: LETTER_SPACING.max, wordSpacing: WORD_SPACING.max };

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
interface Layout {
  bar: Box;
  /** The bar's own row: the bar without the strip it keeps for the chip. */
  barRowBottom: number;
  chip: Box;
  /** Controls of the bar that the chip overlaps. */
  barControlsUnderChip: string[];
  /** Visible parts of the page, not scrolled under the bar, that the chip overlaps. */
  contentUnderChip: string[];
}

const layout = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    const box = (element: Element): Box => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const header = document.querySelector('header')!;
    const bar = box(header);
    const chip = box(document.querySelector('[data-status-toggle]')!);
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const shown = (element: Element) => (element as HTMLElement).checkVisibility({ visibilityProperty: true }) && element.getBoundingClientRect().height > 0;
    const barControlsUnderChip = [...header.querySelectorAll('a, button, input, select')]
      .filter((element) => shown(element) && overlap(box(element), chip))
      .map(name);
    const contentUnderChip = [...document.querySelectorAll('main :is(h1, h2, h3, p, a, button, li, img, input, label, td, th, canvas)')]
      .filter((element) => shown(element))
      // Only the part below the bar can be seen: what has scrolled under the sticky bar is the bar's to cover.
      .map((element) => ({ element, at: { ...box(element), top: Math.max(box(element).top, bar.bottom) } }))
      .filter(({ at }) => at.bottom > at.top && overlap(at, chip))
      .map(({ element }) => name(element));
    return {
      bar,
      barRowBottom: bar.bottom - parseFloat(getComputedStyle(header).paddingBottom),
      chip,
      barControlsUnderChip,
      contentUnderChip,
    };
  });

/** Waits two frames: the chip is placed on the frame after a resize or a scroll. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function checkEveryWidth(page: Page, path: string, largest: boolean): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const scrolled of [false, true]) {
      await page.evaluate((down) => window.scrollTo({ top: down ? 420 : 0, behavior: 'instant' }), scrolled);
      await settle(page);
      const where = `${path} at ${width} px${largest ? ', largest text' : ''}${scrolled ? ', scrolled' : ''}`;
      const now = await layout(page);
      if (!largest) expect(now.barRowBottom - now.bar.top, `${where}: the top bar fits one line (h-16)`).toBeLessThanOrEqual(65);
      expect(now.chip.top, `${where}: the chip is below the bar's row`).toBeGreaterThanOrEqual(now.barRowBottom);
      expect(now.chip.bottom, `${where}: the chip is inside the bar's strip`).toBeLessThanOrEqual(now.bar.bottom);
      expect(now.barControlsUnderChip, where).toEqual([]);
      expect(now.contentUnderChip, where).toEqual([]);
    }
  }
}

/** Words of the page title and of the chip's name that run onto a second line (a line may end at a hyphen). */
const splitWords = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const split: string[] = [];
    const range = document.createRange();
    for (const element of document.querySelectorAll('main h1, [data-status-toggle]')) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only')) continue;
        for (const word of node.textContent!.matchAll(/[^\s-]{2,}/g)) {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(word[0]);
        }
      }
    }
    return split;
  });

describe('page titles and the chip keep whole words on a phone', () => {
  it('at the largest text with the widest letter and word spacing, 360 px wide', async () => {
    const { context, page } = await newPage(browser, { width: 360 });
    await storeSettingsBeforeLoad(page, WIDEST);
    for (const path of PUBLIC) {
      await page.goto(path);
      expect(await splitWords(page), path).toEqual([]);
    }
    await signIn(context, 'admin');
    for (const path of SIGNED_IN) {
      await page.goto(path);
      expect(await splitWords(page), path).toEqual([]);
    }
    await context.close();
  });
});

describe('top bars fit one line and the status chip covers nothing', () => {
  for (const largest of [false, true]) {
    const size = largest ? 'the largest text' : 'the default text size';
    it(`public pages, at ${size}`, async () => {
      const { context, page } = await newPage(browser, { width: 360 });
      await storeSettingsBeforeLoad(page, largest ? LARGEST : {});
      for (const path of PUBLIC) {
        await page.goto(path);
        await checkEveryWidth(page, path, largest);
      }
      await context.close();
    });

    it(`the dashboard, a project and the admin pages signed in, at ${size}`, async () => {
      const { context, page } = await newPage(browser, { width: 360 });
      await signIn(context, 'admin');
      await storeSettingsBeforeLoad(page, largest ? LARGEST : {});
      for (const path of SIGNED_IN) {
        await page.goto(path);
        await checkEveryWidth(page, path, largest);
      }
      await context.close();
    });
  }
});
