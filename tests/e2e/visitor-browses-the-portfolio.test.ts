import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects } from '../../api/seed/data.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

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
    await expect.poll(() => messages).toContain('Logo loaded successfully');
    await page.getByRole('link', { name: 'View Portfolio' }).click();
    await page.waitForURL('**/public-projects');
    expect(await page.locator('.project-card').count()).toBe(demoProjects.length);
    await context.close();
  });

  it('filters by search text and by category, keeping the public remap quirk', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/public-projects');
    const visible = page.locator('.project-card:visible');
    const first = demoProjects[0]!;
    await page.getByPlaceholder('Search projects...').fill(first.name.toUpperCase());
    await expect.poll(() => visible.count()).toBeGreaterThanOrEqual(1);
    expect(await visible.first().textContent()).toContain(first.name);

    await page.getByPlaceholder('Search projects...').fill('zzzz no such project');
    await expect.poll(() => visible.count()).toBe(0);
    expect(await page.getByText('No projects found').isVisible()).toBe(true);
    expect(await page.getByText('Try adjusting your search terms or category filter.').isVisible()).toBe(true);

    await page.getByPlaceholder('Search projects...').fill('');
    // development, creative and personal are shown as ui-ux-design, so their own filters match nothing.
    await page.getByRole('button', { name: 'Development', exact: true }).click();
    await expect.poll(() => visible.count()).toBe(0);
    const research = demoProjects.filter((p) => p.category === 'research').length;
    await page.getByRole('button', { name: 'Research', exact: true }).click();
    await expect.poll(() => visible.count()).toBe(research);
    const remapped = demoProjects.filter((p) => ['development', 'creative', 'personal', 'ui-ux-design'].includes(p.category)).length;
    await page.getByRole('button', { name: 'UI/UX Design Systems' }).click();
    await expect.poll(() => visible.count()).toBe(remapped);
    await context.close();
  });

  it('opens a project and reads its details', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/public-projects');
    const first = demoProjects[0]!;
    await page.getByRole('link', { name: new RegExp(first.name) }).first().click();
    await page.waitForURL(/\/public-projects\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(first.name);
    for (const text of ['About This Project', 'Technologies Used', 'Project Info', 'View Only Mode – Contact admin for project modifications']) {
      expect(await page.getByText(text).first().isVisible()).toBe(true);
    }
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`meets WCAG 2.2 AA on the public pages in ${colorScheme}`, async () => {
      const { context, page } = await newPage(browser, { colorScheme });
      for (const path of ['/', '/public-projects', '/public-projects/1', '/no-such-page']) {
        await page.goto(path);
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
      }
      await context.close();
    });
  }
});
