import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIST } from '#domain/vocabulary.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { createProject, ownerCall } from '../support/owner-api.ts';
import { eventually, visibleNames } from '../support/page-helpers.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * With more projects than one page holds, the lists show the newest page and links to the others; the
 * search and the category filter still look through every project. The project looked for is made first,
 * so the page of projects made after it pushes it off the first page.
 */
const marker = `Farpage${Date.now().toString(36)}`;
const needle = `${marker} needle`;
let browser: Browser;
let cookie: string;
const made: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await sessionCookie('admin');
  made.push((await createProject(cookie, { name: needle, category: 'research', description: `Deep in the list (${marker}).` })).id);
  for (let i = 1; i <= PROJECT_LIST.perPage; i++) made.push((await createProject(cookie, { name: `${marker} filler ${i}` })).id);
});
afterAll(async () => {
  await browser?.close();
  for (const id of made) await ownerCall(cookie, 'DELETE', `/api/projects/${id}`);
});

describe('a visitor looks for a project that is not on the first page', () => {
  it('finds it by searching, and by its category, on the public list and on /projects', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/public-projects', '/projects']) {
      await page.goto(path);
      expect(await visibleNames(page), path).not.toContain(needle);
      const status = page.locator('[data-result-count]');

      await page.getByPlaceholder('Search projects...').fill('DEEP IN THE LIST');
      await eventually(() => visibleNames(page), path).toEqual([needle]);
      expect(await status.textContent()).toBe('1 project shown');
      // The address follows the search: a reload keeps it.
      expect(new URL(page.url()).searchParams.get('q')).toBe('DEEP IN THE LIST');
      await page.reload();
      expect(await visibleNames(page)).toEqual([needle]);
      expect(await page.getByPlaceholder('Search projects...').inputValue()).toBe('DEEP IN THE LIST');

      await page.getByPlaceholder('Search projects...').fill('');
      await eventually(() => visibleNames(page), path).not.toContain(needle);
      await page.getByRole('button', { name: 'Research', exact: true }).click();
      await eventually(() => visibleNames(page), path).toContain(needle);
      expect(await page.getByRole('button', { name: 'Research', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await status.textContent()).toMatch(/^\d+ projects? (shown|found)/);
    }
    await context.close();
  });

  it('walks the pages by their links, the current one marked', async () => {
    const { context, page } = await newPage(browser, { width: 390 });
    await page.goto('/public-projects');
    const pages = page.getByRole('navigation', { name: 'Pages of projects' });
    expect(await pages.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL('**/public-projects?page=2');
    expect(await pages.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');
    expect((await visibleNames(page)).length).toBeGreaterThan(0);
    await pages.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(/\/public-projects$/);
    await context.close();
  });
});
