import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKELETONS } from '#src/lib/dashboard-display.ts';
import { launchBrowser } from '../support/browser.ts';
import { holdRequests, openDashboard, scrollToSection, eventually } from './dashboard-journey.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

async function nowCards(page: Page) {
  await scrollToSection(page, 'now');
  await eventually(() => page.locator('[data-now]').count()).toBe(2);
  const playing = page.locator('[data-now="playing"]');
  const reading = page.locator('[data-now="reading"]');
  return {
    playing,
    reading,
    icon: () => playing.locator('[data-play-state] svg').getAttribute('class'),
    times: async () => [
      await playing.locator('[data-time="current"]').textContent(),
      await playing.locator('[data-time="duration"]').textContent(),
    ],
    progress: async () => [
      await playing.getByRole('progressbar').getAttribute('aria-valuenow'),
      await reading.getByRole('progressbar').getAttribute('aria-valuenow'),
    ],
  };
}

describe('a member on a slow connection', () => {
  it('sees 3 trend and 6 timeline skeletons while their data is in flight, then the cards', async () => {
    let trends!: Awaited<ReturnType<typeof holdRequests>>;
    let timeline!: Awaited<ReturnType<typeof holdRequests>>;
    const { context, page } = await openDashboard(browser, {
      before: async (p) => {
        trends = await holdRequests(p, '**/api/trends');
        timeline = await holdRequests(p, '**/api/timeline');
      },
    });
    await scrollToSection(page, 'trends');
    await eventually(() => trends.held()).toBe(1);
    expect(await page.locator('[data-skeleton="trend"]').count()).toBe(SKELETONS.trends);
    expect(await page.locator('#trends [role="status"]').textContent()).toContain('Loading trends');
    await scrollToSection(page, 'timeline');
    await eventually(() => timeline.held()).toBe(1);
    expect(await page.locator('[data-skeleton="timeline"]').count()).toBe(SKELETONS.timeline);
    // The skeletons pulse (unless motion is reduced, see the calm-motion journey).
    expect(
      await page
        .locator('[data-skeleton="timeline"] .skeleton')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('skeleton-pulse');

    trends.release();
    timeline.release();
    await eventually(() => page.locator('[data-trend]').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('[data-timeline-event]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-skeleton="trend"], [data-skeleton="timeline"]').count()).toBe(0);
    await context.close();
  });

  it('keeps every lazy section the same height from placeholders to content, so nothing below jumps', async () => {
    for (const width of [390, 768, 1280]) {
      const holds: Array<Awaited<ReturnType<typeof holdRequests>>> = [];
      const { context, page } = await openDashboard(browser, {
        width,
        before: async (p) => {
          for (const url of ['**/api/trends', '**/api/timeline', '**/api/spotify/mood-playlists?*', '**/api/now'])
            holds.push(await holdRequests(p, url));
        },
      });
      const ids = ['trends', 'timeline', 'mood-matcher', 'now'];
      for (const id of ids) await scrollToSection(page, id);
      // The trend charts read the timeline too (its events mark the charts), so /api/timeline may be waited on twice.
      for (const hold of holds) await eventually(() => hold.held()).toBeGreaterThanOrEqual(1);
      const heights = () =>
        page.evaluate((list) => list.map((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().height)), ids);
      const waiting = await heights();
      for (const hold of holds) hold.release();
      await eventually(() => page.locator('[data-skeleton]').count()).toBe(0);
      expect(await heights(), `${width}px`).toEqual(waiting);
      await context.close();
    }
  });

  it('sees a full-screen spinner only while a section on screen is still waiting for its code', async () => {
    let code!: Awaited<ReturnType<typeof holdRequests>>;
    const { context, page } = await openDashboard(browser, {
      width: 390,
      height: 700,
      before: async (p) => {
        code = await holdRequests(p, /\/_astro\/TimelineScroller\.[^/]*\.js$/);
      },
    });
    const spinner = page.locator('[data-lazy-spinner]');
    await page.waitForLoadState('networkidle');
    expect(await spinner.isHidden(), 'no spinner while nothing lazy is on screen').toBe(true);
    await scrollToSection(page, 'timeline');
    await eventually(() => code.held()).toBeGreaterThan(0);
    await eventually(() => spinner.isVisible()).toBe(true);
    expect(await spinner.getByRole('status').textContent()).toContain('Loading section');
    // It never takes a click away from the page underneath.
    expect(await spinner.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    code.release();
    await eventually(() => page.locator('[data-timeline-event]').count()).toBeGreaterThan(0);
    await eventually(() => spinner.isHidden()).toBe(true);
    await context.close();
  });

  it("shows the mood matcher's loading text while playlists are in flight", async () => {
    let playlists!: Awaited<ReturnType<typeof holdRequests>>;
    const { context, page } = await openDashboard(browser, {
      before: async (p) => {
        playlists = await holdRequests(p, '**/api/spotify/mood-playlists?*');
      },
    });
    await scrollToSection(page, 'mood-matcher');
    await eventually(() => playlists.held()).toBe(1);
    expect(await page.locator('#mood-matcher').getByText('Finding your perfect playlists...').isVisible()).toBe(true);
    playlists.release();
    await eventually(() => page.locator('[data-playlist]').count()).toBeGreaterThan(0);
    expect(await page.getByText('Finding your perfect playlists...').count()).toBe(0);
    await context.close();
  });

  it('sees the Now fallbacks (62 and 67 percent, 2:34 of 4:12, play icon) when the read fails', async () => {
    const { context, page } = await openDashboard(browser, {
      before: (p) => p.route('**/api/now', (route) => route.fulfill({ status: 500, body: 'down' })),
    });
    const now = await nowCards(page);
    expect(await now.progress()).toEqual(['62', '67']);
    expect(await now.times()).toEqual(['2:34', '4:12']);
    expect(await now.icon()).toContain('lucide-play');
    expect(await now.playing.getAttribute('data-fallback')).toBe('true');
    await context.close();
  });

  it('sees the same fallbacks when nothing is playing or being read', async () => {
    const { context, page } = await openDashboard(browser, {
      before: (p) => p.route('**/api/now', (route) => route.fulfill(json([]))),
    });
    const now = await nowCards(page);
    expect(await now.progress()).toEqual(['62', '67']);
    expect(await now.times()).toEqual(['2:34', '4:12']);
    expect(await now.icon()).toContain('lucide-play');
    await context.close();
  });

  it('sees a play icon for a paused track and a pause icon for a playing one', async () => {
    for (const isPlaying of [false, true]) {
      const { context, page } = await openDashboard(browser, {
        before: (p) =>
          p.route('**/api/now', (route) =>
            route.fulfill(
              json([
                {
                  id: 1,
                  type: 'spotify',
                  title: 'Tide Tables',
                  subtitle: 'Harbour',
                  progress: 10,
                  metadata: { isPlaying, current: '0:21', duration: '3:30' },
                },
                { id: 2, type: 'reading', title: 'Quiet', subtitle: 'Susan Cain', progress: 0, metadata: null },
              ]),
            ),
          ),
      });
      const now = await nowCards(page);
      expect(await now.icon()).toContain(isPlaying ? 'lucide-pause' : 'lucide-play');
      expect(await now.times()).toEqual(['0:21', '3:30']);
      expect(await now.progress()).toEqual(['10', '0']);
      expect(await now.playing.getByText(isPlaying ? 'Playing' : 'Paused', { exact: true }).count()).toBe(1);
      await context.close();
    }
  });
});
