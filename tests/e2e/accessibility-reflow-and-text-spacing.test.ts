import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { markSynced, visitWith } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { ADMIN_ROUTES, VISITOR_ROUTES } from '../support/routes.ts';
import { sessionCookie, useCookie } from '../support/sign-in.ts';

/*
 * WCAG 1.4.10 Reflow: usable at 320 CSS px wide and at 200 % zoom (a 1280 px window at 200 % is 640 CSS px),
 * drawer open, without scrolling text sideways. WCAG 1.4.12 Text spacing: with the most generous settings
 * and the spacing the criterion asks for, no text is cut off.
 */

/** Every page there is: what a visitor sees, and what the owner sees (the viewer's pages are the owner's minus controls). */
const WHO = [
  ['a visitor', VISITOR_ROUTES],
  ['the admin', ADMIN_ROUTES],
] as const;
const GENEROUS: Partial<AccessibilitySettings> = { fontSize: 24, enlargeText: true, lineHeight: 2.5, layout: 'spacious', breadcrumbs: true };

let browser: Browser;
let adminCookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await sessionCookie('admin');
});

/** A page for `who`; a signed-in one keeps these test settings to itself (not synced to the shared account). */
async function pageFor(who: (typeof WHO)[number][0], size: { width: number; height: number }) {
  const opened = await newPage(browser, size);
  if (who === 'the admin') {
    await useCookie(opened.context, adminCookie);
    await opened.page.goto('/no-such-page');
    await markSynced(opened.page);
  }
  return opened;
}
afterAll(async () => {
  await browser?.close();
});

/** How far the page (and the open drawer, if any) scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const drawer = document.querySelector('dialog[open]');
    const content = drawer?.querySelector('.overflow-y-auto');
    // A fixed or sticky bar does not widen the page: its controls must each be within the window.
    const offscreen = [...document.querySelectorAll('header :is(a, button, input, select)')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -0.5 || box.right > root.clientWidth + 0.5);
    });
    return {
      page: root.scrollWidth - root.clientWidth,
      header: offscreen.map((element) => element.textContent?.trim() || element.getAttribute('aria-label')).join(', '),
      drawer: drawer ? drawer.scrollWidth - drawer.clientWidth : 0,
      drawerContent: content ? content.scrollWidth - content.clientWidth : 0,
    };
  });

/**
 * Elements whose text is cut off by their own box (overflow hidden or clipped), other than screen-reader-only
 * text and deliberate line clamps (card summaries whose full text is one link away, on the detail page).
 */
const clippedText = (page: Page) =>
  page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!element.innerText?.trim() || element.closest('.sr-only, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.webkitLineClamp !== 'none') continue;
      const cutsX = ['hidden', 'clip'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const cutsY = ['hidden', 'clip'].includes(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (cutsX || cutsY) clipped.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.innerText.slice(0, 40)}`);
    }
    return clipped;
  });

/** The spacing WCAG 1.4.12 asks pages to survive, added as a constructed sheet (the CSP refuses injected <style>). */
const addTextSpacing = (page: Page) =>
  page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
  await dialog.waitFor();
  // Measure where it comes to rest, not mid-slide.
  await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

describe('reflow', () => {
  // 320 px is 400 % zoom of a 1280 px window at the default text size; at 200 % zoom (640 px) the largest text must fit too.
  // Every page at 320 px, at each text size, is pages-reflow-at-every-text-size.test.ts's: here only the drawer there.
  for (const [who, paths] of WHO) {
    for (const [label, width, height, variants, pages] of [
      ['320 px wide, also with the largest text', 320, 640, [{}, GENEROUS], paths.slice(0, 1)],
      ['200 % zoom, also with the largest text', 640, 400, [{}, GENEROUS], paths],
    ] as const) {
      it(`needs no sideways scrolling for ${who} at ${label}, on ${pages.length === 1 ? pages[0] : 'every page'} and with the drawer open`, { timeout: 240_000 }, async () => {
        const { context, page } = await pageFor(who, { width, height });
        for (const settings of variants) {
          for (const path of pages) {
            await visitWith(page, path, settings);
            expect(await sidewaysOverflow(page), `${path} ${JSON.stringify(settings)}`).toEqual({ page: 0, header: '', drawer: 0, drawerContent: 0 });
          }
          await openDrawer(page);
          expect(await sidewaysOverflow(page), `drawer ${JSON.stringify(settings)}`).toEqual({ page: 0, header: '', drawer: 0, drawerContent: 0 });
          // Every control in the drawer is within reach, none pushed off the side.
          const outside = await page.evaluate((w) =>
            [...document.querySelectorAll('dialog[open] :is(button, input, select)')]
              .map((el) => el.getBoundingClientRect())
              .filter((box) => box.left < 0 || box.right > w + 0.5).length, width);
          expect(outside).toBe(0);
        }
        await context.close();
      });
    }
  }
});

describe('text spacing', () => {
  for (const [who, paths] of WHO) {
    it(`cuts no text off for ${who} with the largest text, widest spacing and WCAG text-spacing overrides`, { timeout: 240_000 }, async () => {
      const { context, page } = await pageFor(who, { width: 1024, height: 768 });
      for (const path of paths) {
        await visitWith(page, path, GENEROUS);
        await addTextSpacing(page);
        expect(await clippedText(page), path).toEqual([]);
        expect((await sidewaysOverflow(page)).page, path).toBe(0);
      }
      await openDrawer(page);
      await addTextSpacing(page);
      expect(await clippedText(page), 'drawer').toEqual([]);
      await context.close();
    });
  }
});

describe('the settings button', () => {
  it('leaves nothing under it for good: at the end of every page, with the largest text on a phone, the content ends above it', { timeout: 240_000 }, async () => {
    const { context, page } = await pageFor('a visitor', { width: 390, height: 844 });
    for (const path of VISITOR_ROUTES) {
      await visitWith(page, path, GENEROUS);
      const { fabTop, contentBottom } = await page.evaluate(() => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        let bottom = 0;
        for (const element of document.querySelectorAll('main *, footer *')) {
          const box = element.getBoundingClientRect();
          if (box.height > 0 && getComputedStyle(element).visibility !== 'hidden') bottom = Math.max(bottom, box.bottom);
        }
        return { fabTop: document.querySelector('.a11y-fab')!.getBoundingClientRect().top, contentBottom: bottom };
      });
      expect(contentBottom, path).toBeLessThanOrEqual(fabTop);
    }
    await context.close();
  });
});
