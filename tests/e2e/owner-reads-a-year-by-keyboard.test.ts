import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../support/a11y-matrix.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { signedInPage } from './owner-journey.ts';

/*
 * A year at a glance (issue 30, item 6): the owner reads a year of mood on the dashboard with the keyboard
 * alone (one tab stop, arrows between days, each day read out with its date and value), and a metric's year on
 * its page with its legend and table. Visitors get no grid and none of its script.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
/** The focused element's role as assistive technology gets it: a cell of a role="grid" table is a gridcell (HTML-AAM). */
const focusedRole = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (element?.tagName === 'TD' && element.closest('table')?.getAttribute('role') === 'grid') return 'gridcell';
    return element?.getAttribute('role') ?? null;
  });
const DAY = /^(\w+day), (\w+ \d+, \d{4}): (\d \((Rough|Low|Okay|Good|Great)\)|nothing recorded)$/;
const dateOf = (label: string | null) => new Date(`${DAY.exec(label ?? '')?.[2]} 12:00 UTC`).getTime();
const DAY_MS = 86_400_000;

describe('the owner reads a year at a glance', () => {
  for (const [label, size] of [
    ['on a phone', { width: 390, height: 844 }],
    ['on a desktop', { width: 1280, height: 800 }],
  ] as const) {
    it(`moves through a year of mood with the arrow keys (${label})`, async () => {
      const { context, page } = await signedInPage(browser, 'admin', size);
      try {
        await page.goto('/');
        const grid = page.getByRole('grid', { name: /^Mood, the last 365 days/ });
        // The last thing focusable before the grid, then one Tab: the grid's one tab stop, the latest day recorded.
        await page.getByRole('region', { name: 'Insights' }).getByRole('link').last().focus();
        await page.keyboard.press('Tab');
        expect(await focusedRole(page)).toBe('gridcell');
        const start = await focusedLabel(page);
        expect(start).toMatch(DAY);
        expect(start).not.toContain('nothing recorded');

        await page.keyboard.press('ArrowLeft');
        expect(dateOf(await focusedLabel(page))).toBe(dateOf(start) - 7 * DAY_MS);
        await page.keyboard.press('ArrowUp');
        expect(dateOf(await focusedLabel(page))).toBe(dateOf(start) - 8 * DAY_MS);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowRight');
        expect(await focusedLabel(page)).toBe(start);
        await page.keyboard.press('Home');
        const first = await focusedLabel(page);
        await page.keyboard.press('End');
        expect(Math.round((dateOf(await focusedLabel(page)) - dateOf(first)) / DAY_MS)).toBe(364);

        // One tab stop: Tab leaves the grid, Shift+Tab comes back to the day last read.
        const last = await focusedLabel(page);
        await page.keyboard.press('Tab');
        expect(await focusedRole(page)).not.toBe('gridcell');
        await page.keyboard.press('Shift+Tab');
        expect(await focusedLabel(page)).toBe(last);
        expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
        expect(await page.getByRole('list', { name: 'Mood scale' }).textContent()).toContain('5 Great');
      } finally {
        await context.close();
      }
    });
  }

  it("shows a metric's year with a legend of ranges and a month-by-month table", async () => {
    const { context, page } = await signedInPage(browser, 'admin', { width: 390, height: 844 });
    try {
      await page.goto('/data-management/metrics/steps');
      const grid = page.getByRole('grid', { name: /^Steps, the last 365 days/ });
      expect(await grid.getByRole('gridcell').count()).toBe(365);
      expect(await page.getByRole('list', { name: 'Steps scale' }).textContent()).toMatch(/up to [\d,]+ steps.*over [\d,]+ steps/);
      await page.getByText('Steps month by month, as a table').click();
      const rows = page.getByRole('region', { name: 'Steps month by month' }).locator('tbody tr');
      expect(await rows.count()).toBeGreaterThanOrEqual(12);
    } finally {
      await context.close();
    }
  });

  it('is clean under axe in light and dark on the dashboard', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await signedInPage(browser, 'admin', { colorScheme });
      try {
        await page.goto('/');
        await settle(page);
        await expectNoAxeViolations(page, `/ (${colorScheme})`);
      } finally {
        await context.close();
      }
    }
  });

  it("gives visitors and viewers no grid and none of its script", async () => {
    const viewer = await sessionCookie('viewer');
    for (const cookie of [null, viewer]) {
      const html = await (await call('/', { cookie })).text();
      expect(html).not.toContain('data-year-grid');
      const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((match) => match[1]!);
      for (const src of scripts) expect(await (await call(src)).text(), src).not.toContain('data-year-grid');
    }
  });
});
