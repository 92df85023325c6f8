import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

/** Every page of the public site, and its dialogs open, meet WCAG 2.2 AA in both themes. */
const PAGES = ['/', '/public-projects', '/public-projects/1', '/public-projects/999999', '/projects', '/projects/1', '/projects/2', '/projects/999999', '/portfolio-showcase', '/no-such-page'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function scanWithDialog(page: Page, path: string, open: (page: Page) => Promise<void>, label: string) {
  await page.goto(path);
  await open(page);
  await page.locator('dialog[open]').waitFor();
  await expectNoAxeViolations(page, label);
}

describe('the public site is accessible', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`meets WCAG 2.2 AA on every public page in ${colorScheme}`, async () => {
      const { context, page } = await newPage(browser, { colorScheme });
      for (const path of PAGES) {
        await page.goto(path);
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
      }
      await context.close();
    });

    it(`meets WCAG 2.2 AA with dialogs, menus and the phone layout open in ${colorScheme}`, async () => {
      const { context, page } = await newPage(browser, { colorScheme, width: 390, height: 844 });
      await scanWithDialog(page, '/projects', (p) => p.getByRole('button', { name: /Details/ }).last().click(), `details dialog (${colorScheme})`);
      await scanWithDialog(page, '/portfolio-showcase', (p) => p.getByRole('button', { name: /Preview/ }).last().click(), `preview dialog (${colorScheme})`);
      await scanWithDialog(page, '/projects/1', (p) => p.locator('[data-view-image]').first().click(), `gallery viewer (${colorScheme})`);
      await page.goto('/projects');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.locator('#mobile-menu').waitFor();
      await expectNoAxeViolations(page, `phone menu (${colorScheme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Theme:/ }).click();
      await page.locator('[popover]:popover-open').waitFor();
      await expectNoAxeViolations(page, `theme menu (${colorScheme})`);
      await context.close();
    });
  }
});
