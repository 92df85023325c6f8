import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { settle } from '../support/a11y-matrix.ts';
import { signedInPage } from './owner-journey.ts';

/*
 * Insights (issue 30, item 4) as the owner meets them: on the dashboard, from the seeded two years of check-ins
 * and metrics, a card saying how mood goes with the "outdoors" tag, followed to the days behind it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OUTDOORS = /^On days tagged outdoors your mood averaged (\d(?:\.\d)?), otherwise (\d(?:\.\d)?), over (\d+) days\.$/;

describe('the owner finds a pattern in their days', () => {
  for (const [label, size] of [
    ['on a phone', { width: 390, height: 844 }],
    ['on a desktop', { width: 1280, height: 800 }],
  ] as const) {
    it(`follows an insight from the dashboard to its days, then reads the outdoors one (${label})`, async () => {
      const { context, page } = await signedInPage(browser, 'admin', size);
      try {
        await page.goto('/');
        const section = page.getByRole('region', { name: 'Insights' });
        await section.scrollIntoViewIfNeeded();
        const first = section.getByRole('article').first();
        const title = (await first.getByRole('heading').textContent())!.trim();
        expect(await first.getByText('A pattern in your data, not a cause.').isVisible()).toBe(true);
        expect(await first.getByRole('img').getAttribute('aria-label')).toMatch(/^(Scatter|Bar) chart/);
        const n = Number(/n = (\d+)/.exec((await first.locator('[data-insight-stats]').textContent())!)?.[1]);
        expect(n).toBeGreaterThanOrEqual(14);
        await first.getByRole('link', { name: `See the ${n} days behind “${title}”` }).click();
        await page.waitForURL(/\/insights\/[0-9a-f]{12}$/);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        const rows = () => page.getByRole('region', { name: 'The days behind this insight' }).locator('tbody tr');
        expect(await rows().count()).toBe(n);

        // Every card on /insights: the seeded "outdoors" tag goes with a better mood.
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Insights' }).click();
        await page.waitForURL(/\/insights$/);
        const cards = page.getByRole('article');
        expect(await cards.count()).toBeGreaterThanOrEqual(1);
        expect(await cards.count()).toBeLessThanOrEqual(5);
        const card = page.getByRole('article', { name: 'Tagged “outdoors” and mood' });
        const sentence = (await card.getByText(/^On days tagged outdoors your mood/).textContent())!.trim();
        const [, withTag, withoutTag, days] = OUTDOORS.exec(sentence) ?? [];
        expect(Number(withTag)).toBeGreaterThan(Number(withoutTag));
        expect(await card.getByText(/^On days tagged outdoors your energy averaged/).count()).toBe(1);
        expect(await card.getByRole('img').getAttribute('aria-label')).toMatch(/^Bar chart: mood averaged/);
        expect(await card.locator('[data-insight-stats]').textContent()).toMatch(/r = 0\.\d\d \((moderate|strong), together\)/);
        await card.getByRole('link', { name: /^See the \d+ days/ }).click();
        await page.waitForURL(/\/insights\/[0-9a-f]{12}$/);
        expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Day', 'Tagged “outdoors”', 'Mood (level 1–5)']);
        // A tagged day reads Yes, as many as the sentence counted.
        expect(await rows().filter({ has: page.getByRole('cell', { name: 'Yes', exact: true }) }).count()).toBe(Number(days));
      } finally {
        await context.close();
      }
    });
  }

  it('keeps /insights and a card\'s days clean under axe in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await signedInPage(browser, 'admin', { colorScheme, width: 390, height: 844 });
      try {
        await page.goto('/insights');
        await settle(page);
        await expectNoAxeViolations(page, `/insights (${colorScheme})`);
        await page.getByRole('link', { name: /^See the \d+ days/ }).first().click();
        await page.waitForURL(/\/insights\/[0-9a-f]{12}$/);
        await settle(page);
        await expectNoAxeViolations(page, `an insight's days (${colorScheme})`);
      } finally {
        await context.close();
      }
    }
  });
});
