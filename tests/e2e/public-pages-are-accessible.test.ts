import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { waitForIslands } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

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

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`meets WCAG 2.2 AA with the owner's controls, dialogs and toasts in ${colorScheme}`, async () => {
      const { context, page } = await newPage(browser, { colorScheme });
      await signIn(context, 'admin');
      for (const path of ['/projects', '/projects/1', '/portfolio-showcase']) {
        await page.goto(path);
        await waitForIslands(page);
        await expectNoAxeViolations(page, `${path} as the owner (${colorScheme})`);
      }
      // The edit dialog and the delete confirmation of a gallery picture.
      await page.goto('/projects/1');
      await waitForIslands(page);
      await page.getByRole('button', { name: /^Edit / }).first().click();
      await page.getByRole('dialog', { name: 'Edit image' }).waitFor();
      await expectNoAxeViolations(page, `gallery edit dialog (${colorScheme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Delete / }).first().click();
      await page.getByRole('dialog', { name: 'Delete this image?' }).waitFor();
      await expectNoAxeViolations(page, `delete confirmation (${colorScheme})`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      // A destructive toast (a file that is not an image).
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Add Image' }).click();
      await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await page.locator('#toast-region .toast').waitFor();
      // Scanned once it has slid in (colours are measured, so not half-faded).
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      await expectNoAxeViolations(page, `destructive toast (${colorScheme})`);
      await context.close();
    });
  }
});
