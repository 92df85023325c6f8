import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects, seedGallery } from '#api/seed/data.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { eventually, namesOnEveryPage, visibleNames } from '../support/page-helpers.ts';
import { workerServer } from '../support/worker.ts';

/*
 * /projects, a project's gallery and /portfolio-showcase as a visitor sees them: everything to read
 * and explore, nothing to change. Lists are checked by the seeded projects they contain, since other
 * journeys may add projects at the same time.
 */
const allNames = demoProjects.map((p) => p.name);
const names = (category: string) => demoProjects.filter((p) => p.category === category).map((p) => p.name).sort();
const calm = demoProjects[0]!; // completed, with a live address, five technologies and the sample gallery
const activeWithoutUrl = demoProjects.find((p) => p.status === 'active' && !p.url)!;
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

let browser: Browser;
let ids: Map<string, number>;
beforeAll(async () => {
  browser = await launchBrowser();
  const projects = (await (await fetch(new URL('/api/public/projects', workerServer().baseUrl))).json()) as { id: number; name: string }[];
  ids = new Map(projects.map((p) => [p.name, p.id]));
});
afterAll(async () => {
  await browser?.close();
});

/** A project's card (its dialog is a sibling, outside it). */
const card = (page: Page, name: string) => page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true, level: 2 }) });

describe('a visitor explores the project list', () => {
  it('searches and filters by the five categories, without the public remap', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/projects');
    // Every project the filter finds, on this page and any later one: the seeded ones, nothing else.
    const shownSeeded = async () => (await namesOnEveryPage(page)).sort();
    expect((await visibleNames(page)).sort()).toEqual([...allNames].sort());
    expect(await page.getByRole('group', { name: 'Filter by category' }).getByRole('button').allTextContents()).toEqual([
      'All',
      'Development',
      'Creative',
      'Personal',
      'Research',
    ]);
    for (const category of ['development', 'creative', 'personal', 'research']) {
      const label = category.charAt(0).toUpperCase() + category.slice(1);
      await page.getByRole('button', { name: label, exact: true }).click();
      await eventually(shownSeeded, category).toEqual(names(category));
    }
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByPlaceholder('Search projects...').fill(calm.name.toLowerCase());
    await eventually(() => visibleNames(page)).toEqual([calm.name]);
    await page.getByPlaceholder('Search projects...').fill('nothing like this anywhere');
    await eventually(() => visibleNames(page)).toEqual([]);
    expect(await page.getByText('No projects found matching your criteria.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create Your First Project' }).count()).toBe(0);
    await context.close();
  });

  it('shows a card with status, progress, three technologies and +N, two tags and the dates, and no owner controls', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/projects?q=${encodeURIComponent(calm.name)}`);
    const calmCard = card(page, calm.name);
    expect(await calmCard.getByRole('list', { name: 'Technologies' }).getByRole('listitem').allTextContents()).toEqual([
      ...calm.technologies.slice(0, 3),
      '+2 more',
    ]);
    expect(await calmCard.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(calm.tags.slice(0, 2).map((t) => `#${t}`));
    expect(await calmCard.locator('[data-status="completed"]').textContent()).toContain('Completed');
    expect(await calmCard.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await calmCard.getByText(/^Started /).isVisible()).toBe(true);
    expect(await calmCard.getByText(/^Due /).isVisible()).toBe(true);
    expect(await calmCard.getByRole('link', { name: /View Gallery/ }).getAttribute('href')).toBe(`/projects/${ids.get(calm.name)}`);
    // Visitors read; only the owner gets delete, thumbnail upload and the link to the importer.
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /thumbnail/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add New Project' }).count()).toBe(0);
    await context.close();
  });

  it('opens the details dialog, with a sandboxed live frame only for a completed project with an address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/projects?q=${encodeURIComponent(calm.name)}`);
    await card(page, calm.name).getByRole('button', { name: /Details/ }).click();
    const dialog = page.getByRole('dialog', { name: calm.name });
    await dialog.waitFor();
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe(SANDBOX);
    expect(await frame.getAttribute('src')).toBe(calm.url);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await dialog.getByRole('link', { name: /Open in new tab/ }).getAttribute('href')).toBe(calm.url);
    expect(await dialog.getByRole('img', { name: `Screenshot of ${calm.name}` }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: /Visit Project/ }).getAttribute('href')).toBe(calm.url);
    expect(await dialog.getByRole('list', { name: 'Technologies' }).getByRole('listitem').count()).toBe(calm.technologies.length);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`/projects?q=${encodeURIComponent(activeWithoutUrl.name)}`);
    await card(page, activeWithoutUrl.name).getByRole('button', { name: /Details/ }).click();
    const other = page.getByRole('dialog', { name: activeWithoutUrl.name });
    await other.waitFor();
    expect(await other.locator('iframe').count()).toBe(0);
    await other.getByRole('button', { name: 'Close' }).click();
    await other.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('a visitor explores a project gallery', () => {
  it('filters the pictures, switches to masonry and walks through them in the viewer', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/projects/${ids.get(calm.name)}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(calm.name);
    expect(await page.getByText('UI/UX Design • Portfolio Gallery').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /View Live Site/ }).getAttribute('href')).toBe(calm.url);
    expect(await page.getByRole('link', { name: 'Back to Projects' }).getAttribute('href')).toBe('/projects');

    const items = page.locator('[data-gallery-item]:visible');
    expect(await items.count()).toBe(seedGallery.length);
    for (const [label, category] of [['Logo', 'logo'], ['Mockup', 'mockup'], ['Web', 'web']] as const) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await eventually(() => items.count(), label).toBe(seedGallery.filter((g) => g.category === category).length);
    }
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'Masonry' }).click();
    expect(await page.locator('[data-gallery]').getAttribute('data-layout')).toBe('masonry');
    expect(await page.getByRole('button', { name: 'Masonry' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: `View ${seedGallery[0]!.title}` }).click();
    const viewer = page.locator('#gallery-viewer');
    await viewer.waitFor();
    const title = viewer.getByRole('heading');
    expect(await title.textContent()).toBe(seedGallery[0]!.title);
    expect(await viewer.getByText(`1 of ${seedGallery.length}`).isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await eventually(() => title.textContent()).toBe(seedGallery[1]!.title);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await eventually(() => title.textContent()).toBe(seedGallery.at(-1)!.title);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /Add Image/ }).count()).toBe(0);
    await context.close();
  });

  it('says so when a category, or the whole gallery, has no pictures', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/projects/${ids.get(demoProjects[1]!.name)}`);
    expect(await page.getByText('No images in this category yet.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Upload First Image/ }).count()).toBe(0);
    await page.goto(`/projects/${ids.get(calm.name)}`);
    expect(await page.getByText('No images in this category yet.').isVisible()).toBe(false);
    await context.close();
  });

  it('answers 404 for an unknown or malformed project id', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/projects/999999', '/projects/abc', '/projects/0']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { name: 'Project Not Found' }).isVisible()).toBe(true);
    }
    await context.close();
  });
});

describe('a visitor looks at the portfolio showcase', () => {
  it('sees every project read-only and previews one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/portfolio-showcase');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Portfolio Showcase');
    const shown = (await page.getByRole('heading', { level: 2 }).allTextContents()).map((n) => n.trim());
    expect(shown).toEqual(expect.arrayContaining(allNames));
    const calmCard = card(page, calm.name);
    expect(await calmCard.getByRole('list', { name: 'Technologies' }).getByRole('listitem').allTextContents()).toEqual([
      ...calm.technologies.slice(0, 3),
      '+2 more',
    ]);
    expect(await calmCard.getByRole('link', { name: new RegExp(calm.url!.replace(/[.]/g, '\\.')) }).getAttribute('target')).toBe('_blank');
    // No upload and no editable address for a visitor.
    expect(await page.getByRole('button', { name: /Choose Image/ }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Live Demo URL' }).count()).toBe(0);

    await calmCard.getByRole('button', { name: /Preview/ }).click();
    const dialog = page.getByRole('dialog', { name: calm.name });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('sandbox')).toBe(SANDBOX);
    expect(await dialog.getByText(/^Started /).isVisible()).toBe(true);
    expect(await dialog.getByText(/^Due /).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await card(page, activeWithoutUrl.name).getByRole('button', { name: /Preview/ }).click();
    const other = page.getByRole('dialog', { name: activeWithoutUrl.name });
    await other.waitFor();
    expect(await other.locator('iframe').count()).toBe(0);
    await context.close();
  });
});
