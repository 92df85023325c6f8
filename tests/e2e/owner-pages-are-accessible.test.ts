import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Console errors and warnings of a page: a blocked style (CSP) or a server/browser mismatch while
 * hydrating would show here.
 */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/** What the owner can be looking at, each checked on its own (axe on a long form list takes a while). */
const SCENES: Array<[label: string, path: string, setUp?: (page: Page) => Promise<void>]> = [
  ['Data Management, Projects tab', '/data-management?tab=projects'],
  ['Data Management, KPIs tab', '/data-management?tab=kpis'],
  ['Data Management, Timeline tab', '/data-management?tab=timeline'],
  [
    'Data Management with messages beside fields and an edit row',
    '/data-management?tab=projects',
    async (page) => {
      await page.getByRole('button', { name: 'Create Project' }).click();
      await page.getByText('Name is required').waitFor();
      await page.getByRole('button', { name: /^Edit / }).first().click();
      await page.getByRole('form', { name: /^Edit / }).waitFor();
    },
  ],
  [
    'Data Management with the delete dialog',
    '/data-management?tab=kpis',
    async (page) => {
      await page.getByRole('button', { name: /^Delete / }).first().click();
      await page.getByRole('dialog', { name: 'Delete this KPI?' }).waitFor();
    },
  ],
  [
    'Data Management with the discard dialog',
    '/data-management?tab=timeline',
    async (page) => {
      await page.getByRole('form', { name: 'Add timeline event' }).getByLabel('Title', { exact: true }).fill('Unsaved');
      await page.getByRole('tab', { name: /Projects/ }).click();
      await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
    },
  ],
  ['Quick Project Import', '/bulk-import'],
  [
    'Quick Project Import with a row that was not imported',
    '/bulk-import',
    async (page) => {
      await page.getByLabel('Category', { exact: true }).first().fill('');
      await page.route('**/api/projects', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
      await page.getByRole('button', { name: 'Import All Projects' }).click();
      await page.getByText('Category is required').waitFor();
    },
  ],
  ['Personal Diary', '/diary'],
  ['Lab', '/lab'],
  [
    "Mind & Body with a 'Coming soon' tooltip on show",
    '/mind-body',
    async (page) => {
      // 'Log Activity' works now (issue 30); a Quick Action's 'Start' is still a placeholder.
      const start = page.getByRole('button', { name: /^Start / }).first();
      await start.focus();
      await page.locator(`[id="${await start.getAttribute('aria-describedby')}"]`).waitFor({ state: 'visible' });
    },
  ],
  [
    'Mind & Body with the Log Activity list open',
    '/mind-body',
    async (page) => {
      await page.locator('[data-log-activity][data-hydrated]').waitFor();
      await page.getByText('Log Activity', { exact: true }).click();
      await page.getByRole('button', { name: /^Meditation/ }).waitFor({ state: 'visible' });
    },
  ],
];

describe("the owner's pages meet WCAG 2.2 AA and load without console errors", () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [label, path, setUp] of SCENES) {
      it(`${label} (${colorScheme})`, async () => {
        const { context, page } = await signedInPage(browser, 'admin', { colorScheme });
        const problems = consoleProblems(page);
        await visit(page, path);
        await setUp?.(page);
        await expectNoAxeViolations(page, `${label} (${colorScheme})`);
        // An aborted request is the scene itself, not a problem of the page.
        expect(problems.filter((problem) => !problem.includes('net::ERR_FAILED'))).toEqual([]);
        await context.close();
      });
    }
  }
});
