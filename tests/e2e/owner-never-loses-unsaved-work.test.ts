import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { hydrated, signedInPage } from './owner-journey.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto(path);
  await hydrated(page);
  return { page, close: () => context.close() };
}

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').first().textContent();
const focusedTab = (page: Page) => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent : null));

/** Records the browser's own "Leave site?" questions and answers each with `accept`. */
function leaveQuestions(page: Page, accept: boolean): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void (accept ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

describe('the Data Management tabs', () => {
  it('move with the arrow keys, Home and End, and keep the selection in the address', async () => {
    const { page, close } = await open('/data-management');
    expect(await selectedTab(page)).toBe('Projects');
    await page.getByRole('tab', { name: 'Projects' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\?tab=kpis$/);
    expect(await selectedTab(page)).toBe('KPIs');
    expect(await focusedTab(page)).toBe('KPIs');
    expect(await page.getByRole('tabpanel', { name: 'KPIs' }).getByRole('form', { name: 'Add KPI' }).isVisible()).toBe(true);
    await page.keyboard.press('End');
    await page.waitForURL(/\?tab=timeline$/);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\?tab=projects$/);
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/\?tab=timeline$/);
    await page.keyboard.press('Home');
    await page.waitForURL(/\?tab=projects$/);
    // Only the selected tab is in the Tab order.
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.waitForURL(/\?tab=timeline$/);
    await page.reload();
    await hydrated(page);
    expect(await selectedTab(page)).toBe('Timeline');
    await close();
  });

  it("open the Projects form from the address 'Create Your First Project' links to", async () => {
    const { page, close } = await open('/data-management?tab=projects');
    expect(await selectedTab(page)).toBe('Projects');
    expect(await page.getByRole('form', { name: 'Add project' }).isVisible()).toBe(true);
    await close();
  });
});

describe('unsaved changes', () => {
  it('ask before switching tabs, and are kept when the owner chooses to keep editing', async () => {
    const { page, close } = await open('/data-management?tab=projects');
    const name = page.getByRole('form', { name: 'Add project' }).getByLabel('Name', { exact: true });
    await name.fill('Half-typed project');
    await page.getByRole('tab', { name: /KPIs/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await selectedTab(page)).toContain('Projects');
    expect(await name.inputValue()).toBe('Half-typed project');

    // With the keyboard too: the arrow asks the same question.
    await page.getByRole('tab', { name: /Projects/ }).focus();
    await page.keyboard.press('ArrowRight');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(/\?tab=kpis$/);
    expect(await selectedTab(page)).toBe('KPIs');
    await page.getByRole('tab', { name: 'Projects' }).click();
    expect(await page.getByRole('form', { name: 'Add project' }).getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await close();
  });

  it('in an edit row count too', async () => {
    const { page, close } = await open('/data-management?tab=timeline');
    await page.getByRole('button', { name: /^Edit / }).first().click();
    const edit = page.getByRole('form', { name: /^Edit / });
    await edit.getByLabel('Title', { exact: true }).fill('Changed title');
    await page.getByRole('tab', { name: /Projects/ }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
    await close();
  });

  it('do not stop a switch when nothing was changed', async () => {
    const { page, close } = await open('/data-management?tab=projects');
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.waitForURL(/\?tab=timeline$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await close();
  });

  it('make leaving the page ask first, and stay when the owner says so', async () => {
    const { page, close } = await open('/data-management?tab=kpis');
    const asked = leaveQuestions(page, false);
    await page.getByRole('form', { name: 'Add KPI' }).getByLabel('Name', { exact: true }).fill('Unsaved KPI');
    await page.getByRole('link', { name: 'Diary' }).click();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(new URL(page.url()).pathname).toBe('/data-management');
    expect(await page.getByRole('form', { name: 'Add KPI' }).getByLabel('Name', { exact: true }).inputValue()).toBe('Unsaved KPI');
    await close();
  });

  it('leave the page without a question when every form is clean', async () => {
    const { page, close } = await open('/data-management?tab=kpis');
    const asked = leaveQuestions(page, false);
    await page.getByRole('form', { name: 'Add KPI' }).getByLabel('Name', { exact: true }).fill('x');
    await page.getByRole('form', { name: 'Add KPI' }).getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('link', { name: 'Diary' }).click();
    await page.waitForURL('**/diary');
    expect(asked).toEqual([]);
    await close();
  });

  it("in a metric's settings make leaving its page ask first", async () => {
    const admin = await sessionCookie('admin');
    const key = `unsaved-${Date.now().toString(36)}`;
    expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: 'Unsaved metric' } })).status).toBe(201);
    const { page, close } = await open(`/data-management/metrics/${key}`);
    const asked = leaveQuestions(page, false);
    await page.getByRole('form', { name: 'Edit Unsaved metric' }).getByLabel('Name', { exact: true }).fill('Renamed, not saved');
    await page.getByRole('link', { name: 'Diary' }).click();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(new URL(page.url()).pathname).toBe(`/data-management/metrics/${key}`);
    await close();
    await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
  });

  it('in the import rows make leaving the page ask first', async () => {
    const { page, close } = await open('/bulk-import');
    const asked = leaveQuestions(page, false);
    await page.getByLabel('Name', { exact: true }).first().fill('My own first row');
    await page.getByRole('link', { name: 'Diary' }).click();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(new URL(page.url()).pathname).toBe('/bulk-import');
    await close();
  });
});
