import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { waitForIslands } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The public site's dialogs, menus and the owner's controls meet WCAG 2.2 AA in both themes. The pages
 * as they load are in the axe matrix (tests/e2e/accessibility-axe-matrix-for-*.test.ts), which scans
 * every visitor route; only a page it does not list is scanned here: a project with another gallery.
 */
const PAGES = ['/projects/2'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** One browser context per block, shared by its tests (one scan each, so a slow machine has time for each). */
function withPage(options: Parameters<typeof newPage>[1], role?: 'admin') {
  const state: { context?: BrowserContext; page?: Page } = {};
  beforeAll(async () => {
    Object.assign(state, await newPage(browser, options));
    if (role) await signIn(state.context!, role);
  });
  afterAll(async () => {
    await state.context?.close();
  });
  return () => state.page!;
}

async function openAndScan(page: Page, path: string, open: (page: Page) => Promise<void>, label: string) {
  await page.goto(path);
  await waitForIslands(page);
  await open(page);
  await expectNoAxeViolations(page, label);
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the public site in ${colorScheme}`, () => {
    const page = withPage({ colorScheme });
    for (const path of PAGES) {
      it(`meets WCAG 2.2 AA on ${path}`, async () => {
        await page().goto(path);
        await expectNoAxeViolations(page(), `${path} (${colorScheme})`);
      });
    }
  });

  describe(`dialogs, menus and the phone layout in ${colorScheme}`, () => {
    const page = withPage({ colorScheme, width: 390, height: 844 });
    it('meets WCAG 2.2 AA with a project’s details open', async () => {
      await openAndScan(page(), '/projects', async (p) => {
        await p.getByRole('button', { name: /Details/ }).last().click();
        await p.locator('dialog[open]').waitFor();
      }, `details dialog (${colorScheme})`);
    });
    it('meets WCAG 2.2 AA with a showcase preview open', async () => {
      await openAndScan(page(), '/portfolio-showcase', async (p) => {
        await p.getByRole('button', { name: /Preview/ }).last().click();
        await p.locator('dialog[open]').waitFor();
      }, `preview dialog (${colorScheme})`);
    });
    it('meets WCAG 2.2 AA with the gallery viewer open', async () => {
      await openAndScan(page(), '/projects/1', async (p) => {
        await p.locator('[data-view-image]').first().click();
        await p.locator('dialog[open]').waitFor();
      }, `gallery viewer (${colorScheme})`);
    });
    it('meets WCAG 2.2 AA with the phone menu and the theme menu open', async () => {
      await openAndScan(page(), '/projects', async (p) => {
        await p.getByRole('button', { name: 'Menu' }).click();
        await p.locator('#mobile-menu').waitFor();
        // Scanned once faded in: colours are measured, so not half-transparent.
        await p.waitForFunction(() => getComputedStyle(document.getElementById('mobile-menu')!).opacity === '1');
      }, `phone menu (${colorScheme})`);
      await page().keyboard.press('Escape');
      // The menu fades out for 0.2 s; scanned half-faded, its links would measure as low contrast.
      await page().locator('#mobile-menu').waitFor({ state: 'hidden' });
      await page().getByRole('button', { name: /^Theme:/ }).click();
      await page().locator('[popover]:popover-open').waitFor();
      await expectNoAxeViolations(page(), `theme menu (${colorScheme})`);
    });
  });

  describe(`the owner's controls in ${colorScheme}`, () => {
    const page = withPage({ colorScheme }, 'admin');
    for (const path of ['/projects', '/projects/1', '/portfolio-showcase']) {
      it(`meets WCAG 2.2 AA on ${path} as the owner`, async () => {
        await openAndScan(page(), path, async () => {}, `${path} as the owner (${colorScheme})`);
      });
    }
    it('meets WCAG 2.2 AA with the edit dialog and the delete confirmation of a picture', async () => {
      await openAndScan(page(), '/projects/1', async (p) => {
        await p.getByRole('button', { name: /^Edit / }).first().click();
        await p.getByRole('dialog', { name: 'Edit image' }).waitFor();
      }, `gallery edit dialog (${colorScheme})`);
      await page().keyboard.press('Escape');
      await page().getByRole('button', { name: /^Delete / }).first().click();
      await page().getByRole('dialog', { name: 'Delete this image?' }).waitFor();
      await expectNoAxeViolations(page(), `delete confirmation (${colorScheme})`);
      await page().getByRole('button', { name: 'Cancel' }).click();
    });
    it('meets WCAG 2.2 AA with a destructive toast shown', async () => {
      await openAndScan(page(), '/projects/1', async (p) => {
        const chooser = p.waitForEvent('filechooser');
        await p.getByRole('button', { name: 'Add Image' }).click();
        await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
        await p.locator('#toast-region .toast').waitFor();
        // Scanned once it has slid in (colours are measured, so not half-faded).
        await p.waitForFunction(() =>
          (document.querySelector('#toast-region .toast')?.getAnimations({ subtree: true }) ?? []).every((animation) => animation.playState !== 'running'),
        );
      }, `destructive toast (${colorScheme})`);
    });
  });
}
