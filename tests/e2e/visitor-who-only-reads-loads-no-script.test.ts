import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';

/*
 * A visitor's page asks for no script before the person uses it: a phone's first paint and largest image
 * never share the first round trips with code (docs/performance.md). The theme menu and the list's search
 * start with the accessibility chrome's script on the first touch, key, focus or scroll, and a press made
 * before that script has arrived still counts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Holds the chrome's script back until the returned function lets it through, so the presses come before it
 * however slow the machine (a fixed delay could run out between two presses).
 */
async function holdBackChrome(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/chrome\./, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('a visitor who only reads', () => {
  it('loads no script at all on the landing page, the public list, a public project and the project views', async () => {
    const [first] = (await (await fetch(new URL('/api/public/projects', baseUrl()))).json()) as { id: number }[];
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/public-projects', `/public-projects/${first!.id}`, '/projects', '/portfolio-showcase']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts, path).toEqual([]);
    }
    await context.close();
  });

  it('picks a theme before the menu script has arrived, and the choice still applies', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'light' });
    const letChromeThrough = await holdBackChrome(page);
    await page.goto('/public-projects', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Theme: system' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.chrome)).toBeUndefined();
    letChromeThrough();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.locator('[data-theme-choice="dark"]').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it("opens a project's details pressed before their script has arrived", async () => {
    const { context, page } = await newPage(browser);
    const letChromeThrough = await holdBackChrome(page);
    await page.goto('/projects', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^Details of / }).first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.chrome)).toBeUndefined();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    letChromeThrough();
    await page.locator('dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await context.close();
  });

  it('presses a category before the list script has arrived, and the list still filters', async () => {
    const { context, page } = await newPage(browser);
    const letChromeThrough = await holdBackChrome(page);
    await page.goto('/public-projects', { waitUntil: 'domcontentloaded' });
    const research = page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Research' });
    await research.click();
    expect(await page.evaluate(() => document.documentElement.dataset.chrome)).toBeUndefined();
    letChromeThrough();
    await page.waitForURL(/[?&]category=research\b/);
    expect(await research.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});
