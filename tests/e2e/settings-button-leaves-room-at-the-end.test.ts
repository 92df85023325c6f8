import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_SIZE } from '#domain/vocabulary.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The floating accessibility button (bottom right, SPEC) grows with the text, and every page keeps room for
 * it below its last line (--fab-room in accessibility.css): scrolled to the end, no text and no control lies
 * under it.
 * Checked at the largest text size, on a phone and a desktop, signed out and as the owner.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PUBLIC = ['/', '/public-projects', '/public-projects/1', '/no-such-page'];
const OWNER = ['/', '/data-management', '/data-management/now', '/diary'];

/** The button's box, and every piece of text or control that shares any of it, with the page scrolled to its end. */
const underTheButton = (page: Page) =>
  page.evaluate(async () => {
    // To the very end, again while the page still grows (a list may load its next page as the end shows).
    for (let last = -1; last !== document.documentElement.scrollHeight;) {
      last = document.documentElement.scrollHeight;
      window.scrollTo({ top: last, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const fab = document.querySelector<HTMLElement>('.a11y-fab')!;
    const box = fab.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < box.right &&
      r.right > box.left &&
      r.top < box.bottom &&
      r.bottom > box.top;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (
        !node.textContent?.trim() ||
        fab.contains(node) ||
        node.parentElement?.closest('[hidden], .sr-only, dialog:not([open])')
      )
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    // A control is covered when the button hides a quarter of it or more (a large card may pass by its corner).
    const covered = (r: DOMRect) => {
      if (!meets(r)) return false;
      const shared =
        (Math.min(r.right, box.right) - Math.max(r.left, box.left)) *
        (Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top));
      return shared >= (r.width * r.height) / 4;
    };
    for (const control of document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    )) {
      if (control === fab || fab.contains(control) || !control.checkVisibility()) continue;
      if (covered(control.getBoundingClientRect()))
        found.push(`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { found };
  });

describe('the floating settings button', () => {
  // The largest text is where the button is largest; the default text leaves it smaller in the same room.
  for (const width of [390, 1280]) {
    it(`covers nothing at the end of any page, largest text, ${width} px`, async () => {
      const { context, page } = await newPage(browser, { width, height: 800 });
      await storeSettingsBeforeLoad(page, { fontSize: FONT_SIZE.max, enlargeText: true });
      for (const path of PUBLIC) {
        await page.goto(path);
        const shown = await underTheButton(page);
        expect(shown.found, path).toEqual([]);
      }
      await signIn(context, 'admin');
      for (const path of OWNER) {
        await page.goto(path);
        expect((await underTheButton(page)).found, `${path} signed in`).toEqual([]);
      }
      await context.close();
    });
  }
});
