import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { hydrated, signedInPage } from './owner-journey.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

describe("the owner's pages meet WCAG 2.2 AA", () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`in ${colorScheme}: Data Management, every tab`, async () => {
      const { context, page } = await signedInPage(browser, 'admin', { colorScheme });
      for (const tab of ['projects', 'kpis', 'timeline']) {
        await visit(page, `/data-management?tab=${tab}`);
        await expectNoAxeViolations(page, `/data-management?tab=${tab} (${colorScheme})`);
      }
      await context.close();
    });

    it(`in ${colorScheme}: Data Management with messages, an edit row and its dialogs`, async () => {
      const { context, page } = await signedInPage(browser, 'admin', { colorScheme });
      await visit(page, '/data-management?tab=projects');
      await page.getByRole('button', { name: 'Create Project' }).click();
      await page.getByText('Name is required').waitFor();
      await page.getByRole('button', { name: /^Edit / }).first().click();
      await page.getByRole('form', { name: /^Edit / }).waitFor();
      await expectNoAxeViolations(page, `/data-management with errors and an edit row (${colorScheme})`);
      await page.getByRole('button', { name: /^Delete / }).first().click();
      await page.getByRole('dialog').waitFor();
      await expectNoAxeViolations(page, `/data-management with the delete dialog (${colorScheme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('form', { name: 'Add project' }).getByLabel('Name', { exact: true }).fill('Unsaved');
      await page.getByRole('tab', { name: /KPIs/ }).click();
      await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
      await expectNoAxeViolations(page, `/data-management with the discard dialog (${colorScheme})`);
      await context.close();
    });

    it(`in ${colorScheme}: Quick Project Import, Diary, Lab and Mind & Body`, async () => {
      const { context, page } = await signedInPage(browser, 'admin', { colorScheme });
      await visit(page, '/bulk-import');
      await expectNoAxeViolations(page, `/bulk-import (${colorScheme})`);
      for (const path of ['/diary', '/lab', '/mind-body']) {
        await page.goto(path);
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
      }
      // A 'Coming soon' tooltip on show.
      const logActivity = page.getByRole('button', { name: 'Log Activity' });
      await logActivity.focus();
      await page.locator(`[id="${await logActivity.getAttribute('aria-describedby')}"]`).waitFor({ state: 'visible' });
      await expectNoAxeViolations(page, `/mind-body with a tooltip (${colorScheme})`);
      await context.close();
    });
  }
});
