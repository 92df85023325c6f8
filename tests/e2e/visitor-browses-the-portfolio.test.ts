import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects } from '#api/seed/data.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { eventually, namesOnEveryPage, visibleNames, waitForSearch } from '../support/page-helpers.ts';

/*
 * Other journeys may add projects while this one runs, so lists are checked by the seeded projects
 * they must (and must not) contain, never by their total length. They add them newest first: the
 * seeded ones may be past the first page, so the journeys reach them by searching or filtering.
 */
const names = (categories: string[]) => demoProjects.filter((p) => categories.includes(p.category)).map((p) => p.name);
const allNames = demoProjects.map((p) => p.name);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a visitor browses the portfolio', () => {
  it('lands on the home page, sees the logo load and goes to the portfolio', async () => {
    const { context, page } = await newPage(browser);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto('/');
    await eventually(() => messages).toContain('Logo loaded successfully');
    expect(await page.locator('#stats').getByRole('heading', { name: 'Creative Life Overview' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'View Portfolio' }).click();
    await page.waitForURL('**/public-projects');
    expect((await visibleNames(page)).length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'View Only Mode' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('searches names and descriptions whatever the case, and says when nothing matches', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/public-projects');
    const search = page.getByPlaceholder('Search projects...');
    const first = demoProjects[0]!;
    await search.fill(first.name.toUpperCase());
    await eventually(() => visibleNames(page)).toContain(first.name);

    // A phrase that is only in one description.
    await search.fill('NINE NEURODIVERGENT TESTERS');
    await eventually(() => visibleNames(page)).toEqual([first.name]);

    await search.fill('zzzz no such project');
    await eventually(() => visibleNames(page)).toEqual([]);
    expect(await page.getByText('No projects found', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Try adjusting your search terms or category filter.').isVisible()).toBe(true);
    await context.close();
  });

  it('filters by category, keeping the public remap quirk', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/public-projects');
    // Every project the filter finds, on this page and any later one: the seeded ones, nothing else.
    const shownSeeded = async () => (await namesOnEveryPage(page)).sort();

    // development, creative and personal are shown as ui-ux-design, so their own filters match no seeded project.
    for (const label of ['Development', 'Creative', 'Personal']) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await eventually(shownSeeded).toEqual([]);
    }
    await page.getByRole('button', { name: 'Research', exact: true }).click();
    await eventually(shownSeeded).toEqual(names(['research']).sort());
    await page.getByRole('button', { name: 'UI/UX Design Systems' }).click();
    await eventually(shownSeeded).toEqual(names(['development', 'creative', 'personal', 'ui-ux-design']).sort());
    expect(await page.getByRole('button', { name: 'UI/UX Design Systems' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.has('category')).toBe(false);
    expect((await visibleNames(page)).sort()).toEqual([...allNames].sort());
    await context.close();
  });

  it('shows up to four technologies with a +N count and every tag on a card', async () => {
    const { context, page } = await newPage(browser);
    const five = demoProjects.find((p) => p.technologies.length === 5)!;
    const four = demoProjects.find((p) => p.technologies.length === 4)!;
    const card = (name: string) => page.locator('.project-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const chips = (name: string) => card(name).getByRole('list', { name: 'Technologies' }).getByRole('listitem').allTextContents();
    await page.goto(`/public-projects?q=${encodeURIComponent(five.name)}`);
    expect(await chips(five.name)).toEqual([...five.technologies.slice(0, 4), '+1 more']);
    expect(await card(five.name).getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(five.tags.map((t) => `#${t}`));
    await page.goto(`/public-projects?q=${encodeURIComponent(four.name)}`);
    expect(await chips(four.name)).toEqual(four.technologies);
    await context.close();
  });

  it('opens a project and reads its details', async () => {
    const { context, page } = await newPage(browser);
    const first = demoProjects[0]!;
    await page.goto('/public-projects');
    await page.getByPlaceholder('Search projects...').fill(first.name);
    await waitForSearch(page, first.name);
    await page.getByRole('link', { name: new RegExp(first.name) }).first().click();
    await page.waitForURL(/\/public-projects\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(first.name);
    for (const text of ['About This Project', 'Technologies Used', 'Project Info', 'Project Tags', 'View Only Mode – Contact admin for project modifications']) {
      expect(await page.getByText(text).first().isVisible(), text).toBe(true);
    }
    // ui-ux-design reads 'UI/UX Design' in the sidebar and the banner.
    expect(await page.getByText('UI/UX Design Project').isVisible()).toBe(true);
    expect(await page.locator('dd', { hasText: 'UI/UX Design' }).count()).toBe(1);
    const viewProject = page.getByRole('link', { name: /View Project/ });
    expect(await viewProject.getAttribute('href')).toBe(first.url);
    expect(await viewProject.getAttribute('target')).toBe('_blank');
    await context.close();
  });

  it('gets the Project Not Found page for an unknown project', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/public-projects/999999', '/public-projects/abc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { name: 'Project Not Found' }).isVisible()).toBe(true);
      expect(await page.getByText("The project you're looking for doesn't exist or may have been removed.").isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Return to Portfolio' }).click();
    await page.waitForURL('**/public-projects');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await context.close();
  });
});
