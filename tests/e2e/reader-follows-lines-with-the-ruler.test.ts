import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { classBeforePaint, eventually, focusedName, recordClassBeforePaint, tabTo } from '../support/page-helpers.ts';

/*
 * The reading ruler as a keyboard-only reader uses it on a phone: turned on in the drawer without a
 * pointer, there from the first paint of the next page, reached second by Tab (after the skip link),
 * moved a line at a time with ↑/↓, stepping aside for nothing: a focused element always sits in the clear
 * band. A mouse moves it too; it is never printed.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The band's place in the window and what it tells assistive technology. */
const ruler = (page: Page) =>
  page.evaluate(() => {
    const band = document.querySelector<HTMLElement>('[data-reading-ruler]')!;
    const rect = band.getBoundingClientRect();
    return {
      shown: getComputedStyle(band).display !== 'none',
      top: rect.top,
      bottom: rect.bottom,
      height: rect.height,
      lineHeight: Number.parseFloat(getComputedStyle(document.body).lineHeight),
      now: Number(band.getAttribute('aria-valuenow')),
      text: band.getAttribute('aria-valuetext'),
    };
  });

describe('the reading ruler', () => {
  it('is turned on by keyboard, starts before first paint, moves a line per arrow key and never dims the focus', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await recordClassBeforePaint(page);
    await page.goto('/public-projects/1');
    expect((await ruler(page)).shown, 'off until chosen').toBe(false);

    // The drawer, by keyboard alone: Tab to the settings button, Enter, Tab to the ruler's choice, arrow keys.
    await tabTo(page, 'Accessibility settings');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Accessibility settings' }).waitFor();
    await tabTo(page, 'Reading ruler');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
    await eventually(() => page.evaluate(() => document.documentElement.classList.contains('a11y-ruler-3'))).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => ruler(page)).toMatchObject({ shown: true });
    const three = await ruler(page);
    expect(three.height).toBeGreaterThanOrEqual(3 * three.lineHeight - 1);

    // The next page has it from its first paint, in the middle of the window.
    await page.goto('/public-projects/1');
    expect(await classBeforePaint(page)).toContain('a11y-ruler-3');
    const start = await ruler(page);
    expect(start.shown).toBe(true);
    expect(Math.abs((start.top + start.bottom) / 2 - 844 / 2)).toBeLessThan(2);

    // Second stop of the keyboard, after 'Skip to content'.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Reading ruler');
    // Its script starts on this first key press, as the page's other helpers do.
    await page.locator('[data-reading-ruler][data-ready]').waitFor({ state: 'attached' });

    const before = await ruler(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    const down = await ruler(page);
    expect(down.top - before.top).toBeCloseTo(3 * before.lineHeight, 0);
    expect(down.now).toBe(before.now + 3);
    expect(down.text).toMatch(/^Line \d+ of \d+ in the window$/);
    await page.keyboard.press('ArrowUp');
    expect((await ruler(page)).top - before.top).toBeCloseTo(2 * before.lineHeight, 0);
    expect(await page.evaluate(() => window.scrollY), 'the page itself did not scroll').toBe(0);

    // At the bottom of the window the page moves under the band, a line at a time.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowDown');
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Whatever gets focus next sits inside the clear band, its ring included.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await eventually(
        () =>
          page.evaluate(() => {
            const band = document.querySelector('[data-reading-ruler]')!.getBoundingClientRect();
            const target = document.activeElement!.getBoundingClientRect();
            return band.top <= target.top - 3 && band.bottom >= target.bottom + 3;
          }),
        'the focused element is inside the band',
      ).toBe(true);
    }

    // A mouse carries it along.
    await page.mouse.move(200, 300);
    await eventually(async () => {
      const moved = await ruler(page);
      return Math.round((moved.top + moved.bottom) / 2);
    }).toBeCloseTo(300, -1);

    // The status panel says it is on, and how to move it.
    await page.getByRole('button', { name: /Accessibility status/ }).click();
    expect(await page.locator('[data-status-body]').innerText()).toContain(
      'Reading ruler: 3 lines; it follows the pointer and focus',
    );

    // Never printed.
    await page.emulateMedia({ media: 'print' });
    expect((await ruler(page)).shown).toBe(false);
    await context.close();
  });
});
