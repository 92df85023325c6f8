import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendItem } from '#src/lib/dashboard-types.ts';
import { formatEventDate } from '#src/lib/dashboard-display.ts';
import { launchBrowser } from '../support/browser.ts';
import { asOwner, eventually, openDashboard, scrollToSection } from './dashboard-journey.ts';
import { unique } from './owner-journey.ts';

let browser: Browser;
let trend: TrendItem;
let eventId = 0;
const title = unique('First wood firing');
let date = '';

beforeAll(async () => {
  browser = await launchBrowser();
  // A metric-backed trend names its months; the event goes into the third month from the end.
  trend = (await asOwner<TrendItem[]>('GET', '/api/trends')).find((t) => t.periods?.length === 12)!;
  date = `${trend.periods!.at(-3)}-15`;
  eventId = (await asOwner<{ id: number }>('POST', '/api/timeline', { date, title, description: '', category: 'studio', color: '#fbbf24', tags: [] })).id;
});
afterAll(async () => {
  if (eventId) await asOwner('DELETE', `/api/timeline/${eventId}`);
  await browser?.close();
});

const card = (page: Page) => page.locator(`[data-trend="${trend.id}"]`);
const eventButton = (page: Page) => card(page).getByRole('button', { name: `Show on the chart: ${formatEventDate(date)}: ${title}` });
const markers = (page: Page) => card(page).locator('canvas').getAttribute('data-markers');
const tableRows = (page: Page) => card(page).locator('table tbody tr').count();

async function trends(page: Page) {
  await scrollToSection(page, 'trends');
  await card(page).waitFor();
}

describe('a member reads the timeline on the trend charts', () => {
  it('marks an event at its month, reachable by keyboard and listed in the chart\'s table', async () => {
    const { context, page } = await openDashboard(browser);
    try {
      await trends(page);
      await eventButton(page).waitFor();
      await eventually(() => markers(page)).not.toBe('0');
      // The table that stands for the chart names the event in its month's row.
      const row = card(page).locator('table tbody tr').nth(9);
      expect(await row.locator('th').textContent()).toBe(trend.labels[9]);
      expect(await row.locator('td').nth(1).textContent()).toContain(`${formatEventDate(date)}: ${title}`);

      // By keyboard: from the card's period switch, Tab reaches the event, which shows its marker's tooltip.
      await card(page).getByRole('button', { name: 'All time' }).focus();
      for (let step = 0; step < 20 && !(await eventButton(page).evaluate((button) => button === document.activeElement)); step += 1) {
        await page.keyboard.press('Tab');
      }
      expect(await eventButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await eventButton(page).getAttribute('aria-pressed')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('hides the events with a visible switch, and remembers it', async () => {
    const { context, page } = await openDashboard(browser);
    try {
      await trends(page);
      await eventButton(page).waitFor();
      const toggle = page.getByRole('switch', { name: 'Show timeline events on the charts' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await eventButton(page).waitFor({ state: 'detached' });
      await eventually(() => markers(page)).toBe('0');
      expect(await card(page).locator('table thead').count()).toBe(0);

      await page.reload();
      await trends(page);
      await eventually(() => page.getByRole('switch', { name: 'Show timeline events on the charts' }).getAttribute('aria-checked')).toBe('false');
      expect(await eventButton(page).count()).toBe(0);
      await page.getByRole('switch', { name: 'Show timeline events on the charts' }).click();
      await eventButton(page).waitFor();
    } finally {
      await context.close();
    }
  });

  it('switches a card between twelve months and all time', async () => {
    const { context, page } = await openDashboard(browser);
    try {
      await trends(page);
      expect(await tableRows(page)).toBe(12);
      const allTime = card(page).getByRole('button', { name: 'All time' });
      await allTime.click();
      await eventually(() => card(page).getAttribute('data-range')).toBe('all');
      expect(await allTime.getAttribute('aria-pressed')).toBe('true');
      // The seed brings two years of points: more than twelve months, each named with its year.
      expect(await tableRows(page)).toBeGreaterThan(12);
      expect(await card(page).locator('table tbody tr th').first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
      // The event is still marked, in its month of the longer view.
      await eventButton(page).waitFor();
      await card(page).getByRole('button', { name: '12 months' }).click();
      await eventually(() => tableRows(page)).toBe(12);
    } finally {
      await context.close();
    }
  });
});
