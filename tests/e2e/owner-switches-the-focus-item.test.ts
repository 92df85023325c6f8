import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '#src/lib/dashboard-types.ts';
import { launchBrowser } from '../support/browser.ts';
import { asOwner, openDashboard } from './dashboard-journey.ts';
import { expectToast, hydrated, signedInPage, unique } from './owner-journey.ts';

interface StoredActivity extends ActivityItem {
  id: number;
  metadata: Record<string, unknown> | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The pill refreshes every 10 s: allow two rounds and a busy machine. */
const withinTwoRefreshes = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 250 });

describe('the owner switches the focus item', () => {
  it('makes an activity the focus in one action; the dashboard pill follows and the old focus steps down', async () => {
    const before = await asOwner<StoredActivity[]>('GET', '/api/current-activity');
    const previous = before.find((activity) => activity.type === 'focus');
    const title = unique('Glazing test tiles');
    const mine = await asOwner<StoredActivity>('POST', '/api/current-activity', { type: 'studio', title, progress: 20 });
    const dashboard = await openDashboard(browser);
    const { context, page } = await signedInPage(browser);
    try {
      await page.goto('/data-management/focus');
      await hydrated(page);
      const row = page.getByRole('article', { name: title });
      expect(await row.textContent()).toContain('studio');
      await page.getByRole('button', { name: `Make focus: ${title}` }).click();
      await expectToast(page, 'Focus changed');
      await row.getByText('The focus: on the dashboard pill').waitFor();
      // The one action leaves exactly one focus: the button is gone from this row, back on the old focus's.
      expect(await page.getByRole('button', { name: `Make focus: ${title}` }).count()).toBe(0);
      if (previous) await page.getByRole('button', { name: `Make focus: ${previous.title}` }).waitFor();

      await withinTwoRefreshes(() => dashboard.page.locator('[data-focus-pill] [data-focus-text]').textContent()).toBe(`Currently: ${title}`);

      const after = await asOwner<StoredActivity[]>('GET', '/api/current-activity');
      expect(after.filter((activity) => activity.type === 'focus').map((activity) => activity.id)).toEqual([mine.id]);
      if (previous) expect(after.find((activity) => activity.id === previous.id)?.type).toBe('activity');

      // Another activity made the focus gives this one its own type back.
      if (previous) {
        await asOwner('POST', `/api/current-activity/${previous.id}/focus`);
        expect((await asOwner<StoredActivity>('GET', `/api/current-activity/${mine.id}`)).type).toBe('studio');
      }
    } finally {
      await asOwner('DELETE', `/api/current-activity/${mine.id}`).catch(() => undefined);
      if (previous) await asOwner('PATCH', `/api/current-activity/${previous.id}`, { type: 'focus', title: previous.title, metadata: previous.metadata });
      await context.close();
      await dashboard.context.close();
    }
  });
});
