import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, ownerApi, signedInPage } from './owner-journey.ts';

/*
 * Goals and streaks that forgive (issue 30, item 5), as the owner sets one on a metric's page: typing as soon
 * as the page shows (a phone with its CPU slowed, and a desktop), then allowing a rest day that keeps the
 * streak alive across the day they missed.
 */
let browser: Browser;
let admin = '';
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
});

const addDays = (day: string, delta: number) => new Date(Date.parse(`${day}T12:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

/** A metric of the owner's with 5 km walked today, yesterday and three days ago; nothing two days ago. */
async function walksWithAGap(page: Page, key: string): Promise<void> {
  await page.goto('/');
  const today = (await page.locator('[data-checkin]').getAttribute('data-day'))!;
  await (await ownerApi()).create('/api/metrics', { key, name: 'Walks', unit: 'km', aggregation: 'sum' });
  const points = [0, -1, -3].map((delta) => ({ at: addDays(today, delta), value: 5 }));
  expect((await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body: points })).status).toBe(200);
}

const words = (page: Page) => page.locator('[data-goal-words]');

describe('the owner keeps a streak with a rest day', () => {
  for (const [label, size, slow] of [
    ['on a phone', { width: 390, height: 844 }, true],
    ['on a desktop', { width: 1280, height: 800 }, false],
  ] as const) {
    it(`sets a daily goal, then allows a rest day that keeps the streak (${label})`, async () => {
      const key = `walks-${label.includes('phone') ? 'p' : 'd'}-${Date.now().toString(36)}`;
      const { context, page } = await signedInPage(browser, 'admin', size);
      try {
        await walksWithAGap(page, key);
        if (slow) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`/data-management/metrics/${key}`, { waitUntil: 'commit' });
        const form = page.getByRole('form', { name: 'Goal' });
        await form.getByLabel('Amount (km)').fill('4');
        await form.getByLabel('Rest days a week').fill('0');
        await form.getByRole('button', { name: 'Save goal' }).click();
        await expectToast(page, 'Goal saved!');
        // Today and yesterday met 4 km; two days ago nothing, and no rest day to cover it.
        await expect.poll(() => words(page).textContent()).toBe("A 2-day streak.Today's goal of 4 km is met: 5 so far.");

        await form.getByLabel('Rest days a week').fill('1');
        await form.getByRole('button', { name: 'Save goal' }).click();
        await expect.poll(() => words(page).textContent()).toMatch(/^A 3-day streak, [01] of 1 rest day left this week\.Today's goal of 4 km is met: 5 so far\.$/);

        // It is stored: the page says the same on the next visit.
        await page.reload();
        expect(await words(page).textContent()).toMatch(/^A 3-day streak, [01] of 1 rest day left this week\./);
        expect(await form.getByLabel('Rest days a week').inputValue()).toBe('1');
      } finally {
        await context.close();
        await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
      }
    });
  }

  it('refuses a fixed goal without an amount, beside the field, saving nothing', async () => {
    const { context, page } = await signedInPage(browser, 'admin', { width: 390, height: 844 });
    try {
      await page.goto('/data-management/metrics/steps');
      const form = page.getByRole('form', { name: 'Goal' });
      await form.getByLabel('Amount (steps)').fill('');
      await form.getByRole('button', { name: 'Save goal' }).click();
      await expect.poll(() => form.getByLabel('Amount (steps)').getAttribute('aria-invalid')).toBe('true');
      expect((await call('/api/metrics/steps/goal', { cookie: admin })).status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
