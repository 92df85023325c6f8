import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PILL_FALLBACK, PILL_REFRESH_MS } from '#src/lib/dashboard-display.ts';
import type { ActivityItem } from '#src/lib/dashboard-types.ts';
import { launchBrowser } from '../support/browser.ts';
import { storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { asOwner, eventually, holdRequests, openDashboard, scrollToSection } from './dashboard-journey.ts';
import { expectToast, hydrated, signedInPage, unique } from './owner-journey.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface StoredActivity extends ActivityItem {
  id: number;
  metadata: Record<string, unknown> | null;
}

const pillText = (page: Page) => page.locator('[data-focus-pill] [data-focus-text]').textContent();
/**
 * The pill refreshes every 10 s. The page's clock is run forward to its next refresh rather than waited out (again
 * on each try, should a try find the last read still open); what the refresh reads comes from the real server.
 */
const afterARefresh = <T>(page: Page, read: () => Promise<T>) =>
  expect.poll(
    async () => {
      await page.clock.fastForward(PILL_REFRESH_MS);
      return read();
    },
    { timeout: 10_000, interval: 250 },
  );

const card = (page: Page, index: number) => page.locator('#stats .stat-card').nth(index);
const style = (page: Page, index: number, property: string) =>
  card(page, index).evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

describe('a member finds the dashboard live, and calm', () => {
  it('sees the pill follow the focus activity within a refresh, without anything else moving or reloading', async () => {
    const activities = await asOwner<ActivityItem[]>('GET', '/api/current-activity');
    const focus = activities.find((activity) => activity.type === 'focus')!;
    const { context, page } = await openDashboard(browser, { before: (page) => page.clock.install() });
    const otherReads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The accessibility settings sync (/api/me/preferences) is not a dashboard read.
      if (path.startsWith('/api/') && path !== '/api/current-activity' && path !== '/api/me/preferences') otherReads.push(path);
    });
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const headingTop = () => page.locator('#stats-title').evaluate((heading) => heading.getBoundingClientRect().top);
    const before = await headingTop();
    const title = `Pill check ${Date.now().toString(36)}`;
    try {
      await asOwner('PATCH', `/api/current-activity/${focus.id}`, { title });
      await afterARefresh(page, () => pillText(page)).toBe(`Currently: ${title}`);
      expect(await headingTop(), 'no layout shift').toBe(before);

      // No focus activity left: the fallback text.
      await asOwner('PATCH', `/api/current-activity/${focus.id}`, { type: 'focus-paused' });
      await afterARefresh(page, () => pillText(page)).toBe(PILL_FALLBACK);
      expect(await headingTop(), 'no layout shift').toBe(before);
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(otherReads, 'only the activity is read again').toEqual([]);
    } finally {
      await asOwner('PATCH', `/api/current-activity/${focus.id}`, { type: focus.type, title: focus.title });
      await context.close();
    }
  });

  it('animates the cards in (0.6 s, 0.1 s apart), scales and glows on hover', async () => {
    // A viewer: the owner's first screen holds the daily check-in, so their stats enter once scrolled to.
    const { context, page } = await openDashboard(browser, { role: 'viewer' });
    expect(await style(page, 2, 'animation-name')).toBe('stat-enter');
    expect(await style(page, 2, 'animation-duration')).toBe('0.6s');
    expect(await style(page, 2, 'animation-delay')).toBe('0.2s');
    expect(await style(page, 5, 'animation-delay')).toBe('0.5s');
    await page.waitForSelector('#stats .stats-grid[data-enhanced]', { state: 'attached' });
    const body = card(page, 0).locator('.stat-card-body');
    const shadow = () => body.evaluate((element) => getComputedStyle(element).boxShadow);
    const resting = await shadow();
    await body.hover();
    await eventually(() => body.evaluate((element) => getComputedStyle(element).scale)).toBe('1.05');
    // The glow is drawn in the card's own colour (Chrome reports color-mix() results as color(srgb r g b / a)).
    const color = await card(page, 0).evaluate((element) => getComputedStyle(element).getPropertyValue('--stat-color').trim());
    const expected = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255);
    await eventually(() => shadow()).not.toBe(resting);
    const glows = [...(await shadow()).matchAll(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/g)].map((m) => m.slice(1).map(Number));
    expect(glows.length).toBeGreaterThan(0);
    for (const glow of glows) glow.forEach((channel, i) => expect(Math.abs(channel - expected[i]!)).toBeLessThan(0.01));
    await context.close();
  });

  it('plays a card entrance once, when the card is scrolled into view', async () => {
    const { context, page } = await openDashboard(browser, { width: 390, height: 700 });
    await page.waitForSelector('#stats .stats-grid[data-enhanced]', { state: 'attached' });
    const last = card(page, 7);
    await eventually(() => last.getAttribute('data-enter')).toBe('waiting');
    expect(await style(page, 7, 'opacity')).toBe('0');
    await last.scrollIntoViewIfNeeded();
    await eventually(() => last.getAttribute('data-enter')).toBe('entered');
    expect(await style(page, 7, 'animation-name')).toBe('stat-enter');
    await page.evaluate(() => window.scrollTo(0, 0));
    await last.scrollIntoViewIfNeeded();
    expect(await last.getAttribute('data-enter')).toBe('entered');
    await eventually(() => style(page, 7, 'opacity')).toBe('1');
    await context.close();
  });

  it('doubles every duration when the accessibility settings ask for slow animations', async () => {
    const { context, page } = await openDashboard(browser, {
      role: 'viewer',
      before: (p) => storeSettingsBeforeLoad(p, { slowAnimations: true }),
    });
    expect(await style(page, 2, 'animation-duration')).toBe('1.2s');
    expect(await style(page, 2, 'animation-delay')).toBe('0.4s');
    await context.close();
  });

  for (const how of ['the operating system', 'the accessibility settings'] as const) {
    it(`stops entrance, hover scaling and pulsing when ${how} ${how === 'the operating system' ? 'asks' : 'ask'} for reduced motion`, async () => {
      let trends!: Awaited<ReturnType<typeof holdRequests>>;
      const { context, page } = await openDashboard(browser, {
        width: 390,
        height: 700,
        reducedMotion: how === 'the operating system' ? 'reduce' : 'no-preference',
        before: async (p) => {
          if (how === 'the accessibility settings') await storeSettingsBeforeLoad(p, { reduceMotion: true });
          trends = await holdRequests(p, '**/api/trends');
        },
      });
      await page.waitForSelector('#stats .stats-grid[data-enhanced]', { state: 'attached' });
      for (const index of [0, 7]) {
        expect(await style(page, index, 'animation-name'), `card ${index}`).toBe('none');
        expect(await style(page, index, 'opacity'), `card ${index}`).toBe('1');
      }
      const body = card(page, 0).locator('.stat-card-body');
      await body.hover();
      expect(await body.evaluate((element) => getComputedStyle(element).scale)).toBe('none');
      await scrollToSection(page, 'trends');
      await eventually(() => trends.held()).toBe(1);
      expect(
        await page
          .locator('[data-skeleton="trend"] .skeleton')
          .first()
          .evaluate((el) => getComputedStyle(el).animationName),
      ).toBe('none');
      trends.release();
      await context.close();
    });
  }
});

/*
 * The owner's focus switch lives in this file, beside the pill test above: both move the one focus item, and the
 * tests of one file run one after another, so neither sees the other's pill.
 */
describe('the owner switches the focus item', () => {
  it('makes an activity the focus in one action; the dashboard pill follows and the old focus steps down', async () => {
    const before = await asOwner<StoredActivity[]>('GET', '/api/current-activity');
    const previous = before.find((activity) => activity.type === 'focus');
    const title = unique('Glazing test tiles');
    const mine = await asOwner<StoredActivity>('POST', '/api/current-activity', { type: 'studio', title, progress: 20 });
    const dashboard = await openDashboard(browser, { before: (page) => page.clock.install() });
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

      await afterARefresh(dashboard.page, () => pillText(dashboard.page)).toBe(`Currently: ${title}`);

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
