import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { signedInPage } from './owner-journey.ts';

/* Mind & Body's 'Log Activity' (issue 30): two taps on a phone add a point to the metric the activity names. */
let browser: Browser;
let admin = '';
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
});

const total = async (key: string) => {
  const response = await call(`/api/metrics/${key}/points?limit=1`, { cookie: admin });
  return response.status === 404 ? 0 : ((await response.json()) as { total: number }).total;
};

describe('the owner logs an activity on Mind & Body', () => {
  it("meditation in two taps adds ten mindful minutes, and today's tile shows them", async () => {
    const { context, page } = await signedInPage(browser, 'admin', { width: 390, height: 844 });
    await page.goto('/mind-body');
    await expect.poll(() => page.locator('[data-log-activity]').getAttribute('data-hydrated')).toBe('');
    const before = await total('mindful-minutes');
    await page.getByText('Log Activity', { exact: true }).click();
    await page.getByRole('button', { name: /^Meditation · 10 min/ }).click();
    await expect.poll(() => page.locator('[data-log-status]').textContent()).toBe('Logged 10 minutes of meditation to Mindful minutes.');
    expect(await total('mindful-minutes')).toBe(before + 1);
    await expect.poll(() => page.locator('[data-metric="mindful"]').innerText()).toMatch(/\d/);
    await context.close();
  });

  it('breathing makes its own owner-only metric on first use', async () => {
    const { context, page } = await signedInPage(browser, 'admin', { width: 390, height: 844 });
    await page.goto('/mind-body');
    await expect.poll(() => page.locator('[data-log-activity]').getAttribute('data-hydrated')).toBe('');
    const before = await total('breathing-minutes');
    await page.getByText('Log Activity', { exact: true }).click();
    await page.getByRole('button', { name: /^Breathing · 4 min/ }).click();
    await expect.poll(() => total('breathing-minutes')).toBe(before + 1);
    expect((await call('/api/metrics/breathing-minutes')).status).toBe(404); // a visitor does not see it
    await context.close();
  });
});
