import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { eventually, storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { ADMIN_ROUTES, VIEWER_ROUTES } from '../support/routes.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * Each switch of the drawer reaches every kind of content it is meant to (docs/decisions/005): set the
 * way a person sets it (stored on this device before the page loads, as after choosing it in the drawer),
 * then checked on one route of each kind. One page load per route kind and setting group, several checks each.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, settings: Partial<AccessibilitySettings>, { signedIn = false, width = 1280 } = {}) {
  const { context, page } = await newPage(browser, { width, height: 800 });
  if (signedIn) await signIn(context, 'admin');
  await storeSettingsBeforeLoad(page, settings);
  await page.goto(path);
  return { context, page };
}

/** Animations still moving: running, with a real duration (scroll-driven ones, like the reading bar, have none). */
const movingAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => {
        const duration = animation.effect?.getComputedTiming().duration;
        return animation.playState === 'running' && typeof duration === 'number' && duration > 0.1;
      })
      .map(
        (animation) =>
          (animation as CSSAnimation).animationName ??
          (animation.effect as KeyframeEffect | null)?.target?.className ??
          '?',
      ),
  );

/** The status panel, opened as a person opens it, once its script has started. */
async function statusPanelText(page: Page): Promise<string> {
  await page.waitForSelector('html[data-chrome="ready"]', { state: 'attached' });
  const chip = page.getByRole('button', { name: /Accessibility status/ });
  if ((await chip.getAttribute('aria-expanded')) !== 'true') await chip.click();
  return (await page.locator('[data-status-body]').innerText()).replace(/\s+/g, ' ');
}

/** Section labels shown (their ::before text), and whether every simpler-language pair shows its plain half. */
const labelsAndLanguage = (page: Page) =>
  page.evaluate(() => {
    const labels = [
      ...document.querySelectorAll<HTMLElement>('main [data-section-label], body > div [data-section-label]'),
    ]
      .filter((el) => el.checkVisibility())
      .map((el) => getComputedStyle(el, '::before').content.replace(/^"|" \/ ""$|"$/g, ''));
    const full = [...document.querySelectorAll('.text-full')].filter((el) =>
      (el as HTMLElement).checkVisibility(),
    ).length;
    const simple = [...document.querySelectorAll('.text-simple')].filter((el) =>
      (el as HTMLElement).checkVisibility(),
    ).length;
    return { labels, full, simple };
  });

describe('reduce motion reaches the scripted motion of the dashboard', () => {
  it('stops CSS animation after hover and scroll, turns Chart.js animation off, makes carousel arrows jump and cards not grow', async () => {
    const { context, page } = await open('/', { reduceMotion: true }, { signedIn: true });
    const body = page.locator('#stats .stat-card-body').first();
    await body.hover();
    expect(await body.evaluate((element) => getComputedStyle(element).scale)).toBe('none');
    await page.locator('#trends').scrollIntoViewIfNeeded();
    const canvas = page.locator('#trends canvas[data-animation]').first();
    await canvas.waitFor({ state: 'attached' });
    expect(await canvas.getAttribute('data-animation')).toBe('off');
    // An arrow press moves the row at once: the new position is there before the next frame.
    const forward = page.getByRole('button', { name: 'Scroll yearly trends forward' });
    await eventually(() => forward.isEnabled()).toBe(true);
    const jumped = await forward.evaluate((button) => {
      const list = button.parentElement!.parentElement!.querySelector('ul')!;
      const before = list.scrollLeft;
      (button as HTMLButtonElement).click();
      return list.scrollLeft - before;
    });
    expect(jumped).toBeGreaterThan(0);
    await page.mouse.wheel(0, 600);
    expect(await movingAnimations(page)).toEqual([]);
    await context.close();
  });
});

describe('slow animations reach the dashboard scripts', () => {
  it('keeps Chart.js animating (twice as long) and the carousel smooth', async () => {
    const { context, page } = await open('/', { slowAnimations: true }, { signedIn: true });
    await page.locator('#trends').scrollIntoViewIfNeeded();
    const canvas = page.locator('#trends canvas[data-animation]').first();
    await canvas.waitFor({ state: 'attached' });
    expect(await canvas.getAttribute('data-animation')).toBe('on');
    // The owner's check-in sits above the stats: their cards enter once scrolled into view.
    const card = page.locator('#stats .stat-card').nth(2);
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.evaluate((element) => getComputedStyle(element).animationDuration)).toBe('1.2s');
    await context.close();
  });
});

describe('hide distractions and single-task mode remove the secondary sections', () => {
  it('on the dashboard: trends, music and Now are gone from the page and the accessibility tree, and the panel counts them', async () => {
    const { context, page } = await open('/', { hideDistractions: true }, { signedIn: true });
    for (const id of ['trends', 'mood-matcher', 'now']) expect(await page.locator(`#${id}`).isHidden(), id).toBe(true);
    for (const name of ['Yearly Trends', 'Spotify Mood Matcher', 'Now']) {
      expect(await page.getByRole('heading', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('heading', { name: 'Creative Life Overview' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Timeline' }).count()).toBe(1);
    expect(await statusPanelText(page)).toContain('Hidden to help you focus: 3 sections');
    await context.close();
  });

  it('on the public list (single-task mode): the side buttons go, the projects stay', async () => {
    const { context, page } = await open('/public-projects', { singleTaskMode: true });
    expect(await page.getByRole('button', { name: 'View Only Mode' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin Access' }).count()).toBe(0);
    expect(await page.locator('.project-card').first().isVisible()).toBe(true);
    expect(await statusPanelText(page)).toContain('Hidden to help you focus: 1 section');
    await context.close();
  });

  it('on the admin pages (hide distractions): the side panels go, the main task and the links to other tasks stay', async () => {
    const { context, page } = await open('/lab', { hideDistractions: true }, { signedIn: true });
    const pages = [
      { path: '/lab', gone: ['Quick Prototypes', 'Recent Innovations'], kept: 'Experiments', hidden: '2 sections' },
      { path: '/diary', gone: ['Quick Stats', 'Mood Tracker'], kept: 'Search', hidden: '2 sections' },
      { path: '/mind-body', gone: ['Insights', 'Quick Actions', 'Summary'], kept: 'Activities', hidden: '3 sections' },
    ];
    for (const { path, gone, kept, hidden } of pages) {
      if (path !== '/lab') await page.goto(path);
      for (const name of gone) expect(await page.getByRole('heading', { name }).count(), `${path}: ${name}`).toBe(0);
      expect(await page.getByRole('heading', { name: kept }).first().isVisible(), path).toBe(true);
      expect(await statusPanelText(page), path).toContain(`Hidden to help you focus: ${hidden}`);
    }
    // Links to the owner's other pages are ways to a task, not distractions: they stay.
    await page.goto('/data-management');
    expect(await page.getByRole('link', { name: 'Import several projects' }).isVisible()).toBe(true);
    expect(await statusPanelText(page)).toContain('Hidden to help you focus: nothing on this page');
    await context.close();
  });
});

describe('section labels and simpler language reach every page kind', () => {
  const pages: { path: string; signedIn?: boolean; labels: string[]; simple: boolean }[] = [
    { path: '/', labels: ['Introduction', 'Overview', 'About the site'], simple: true },
    {
      path: '/',
      signedIn: true,
      labels: ['Introduction', 'Overview', 'Trends', 'Deep dive', 'Timeline', 'Music', 'Now'],
      simple: true,
    },
    { path: '/public-projects', labels: ['Introduction', 'Projects'], simple: true },
    { path: '/public-projects/1', labels: ['About', 'Technologies', 'Details'], simple: false },
    { path: '/projects', signedIn: true, labels: ['Introduction', 'Projects'], simple: true },
    { path: '/no-such-page', labels: ['Page not found'], simple: true },
  ];
  // Every admin-only route (tests/support/routes.ts, so a new admin page joins), with the labels known so far.
  const knownLabels: Record<string, string[]> = {
    '/data-management': ['More to manage', 'Your records'],
    '/data-management/export': ['Export', 'Import'],
    '/data-management/security': ['Filter', 'Events'],
    '/data-management/trends': ['Trends'],
    '/data-management/focus': ['Activities'],
    '/data-management/now': ['Now items'],
    '/data-management/playlists': ['Playlists'],
    '/data-management/metrics': ['Metrics'],
    '/data-management/metrics/steps': ['Data points'],
    '/data-management/metrics/steps/import': ['File'],
    '/data-management/tokens': ['Tokens'],
    '/bulk-import': ['Projects to import', 'Examples'],
    '/diary': ['Entries', 'Search', 'Statistics', 'Mood'],
    '/lab': ['Statistics', 'Experiments', 'Prototypes', 'Innovations'],
    '/mind-body': ['Today', 'Activities', 'Insights', 'Goals', 'Quick actions', 'Summary'],
  };
  const adminPages = ADMIN_ROUTES.filter((path) => !VIEWER_ROUTES.includes(path)).map((path) => ({
    path,
    labels: ['Introduction', ...(knownLabels[path] ?? [])],
  }));
  it('every admin page (one signed-in visit each): every section named, plain words for each introduction', async () => {
    const { context, page } = await open(adminPages[0]!.path, { simplerLanguage: true, sectionLabels: true }, { signedIn: true });
    for (const { path, labels } of adminPages) {
      if (path !== adminPages[0]!.path) await page.goto(path);
      const shown = await labelsAndLanguage(page);
      expect(shown.labels, path).toEqual(expect.arrayContaining(labels));
      expect(shown.full, `${path}: full-language text still shown`).toBe(0);
      expect(shown.simple, path).toBeGreaterThan(0);
    }
    await context.close();
  });
  for (const { path, signedIn = false, labels, simple } of pages) {
    it(`${path}${signedIn ? ' signed in' : ''}: every section named, plain words where there is prose`, async () => {
      const { context, page } = await open(path, { simplerLanguage: true, sectionLabels: true }, { signedIn });
      const shown = await labelsAndLanguage(page);
      for (const label of labels) expect(shown.labels, path).toContain(label);
      expect(shown.full, `${path}: full-language text still shown`).toBe(0);
      if (simple) expect(shown.simple, path).toBeGreaterThan(0);
      await context.close();
    });
  }
});
