import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_IMPORT_ROWS } from '#src/lib/samples/bulk-import.ts';
import { launchBrowser } from '../support/browser.ts';
import { expectToast, holdRequests, hydrated, ownerApi, recordBodies, signedInPage } from './owner-journey.ts';

interface StoredProject {
  id: number;
  name: string;
  status: string;
  progress: number;
  startDate: string | null;
  url: string | null;
  imageUrl: string | null;
}

let browser: Browser;
let api: Awaited<ReturnType<typeof ownerApi>>;
const sampleNames = SAMPLE_IMPORT_ROWS.map((row) => row.name);

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ownerApi();
});
afterAll(async () => {
  await removeImported();
  await browser?.close();
});

/** Imports under the sample names (and the renamed rows of these journeys) are removed again. */
async function removeImported(): Promise<void> {
  for (const project of await api.list<StoredProject>('/api/projects')) {
    if (sampleNames.includes(project.name) || project.name.startsWith('Import test ')) await api.remove(`/api/projects/${project.id}`);
  }
}
const stored = async (name: string) => (await api.list<StoredProject>('/api/projects')).filter((p) => p.name === name);

async function open(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto('/bulk-import');
  await hydrated(page);
  return { page, close: () => context.close() };
}

const rows = (page: Page) => page.locator('li[data-row]');
const row = (page: Page, index: number) => rows(page).nth(index);
const nameOf = (page: Page, index: number) => row(page, index).getByLabel('Name', { exact: true });
const importButton = (page: Page) => page.getByRole('button', { name: /Import All Projects|Importing\.\.\./ });

describe('Quick Project Import', () => {
  it('starts with the five sample projects, completed at 100 %, and the Quick Start Examples', async () => {
    const { page, close } = await open();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Quick Project Import');
    expect(await rows(page).count()).toBe(5);
    for (const [index, sample] of SAMPLE_IMPORT_ROWS.entries()) {
      expect(await nameOf(page, index).inputValue()).toBe(sample.name);
      expect(await row(page, index).getByLabel('Status', { exact: true }).inputValue()).toBe('completed');
      expect(await row(page, index).getByLabel('Progress', { exact: true }).inputValue()).toBe('100');
    }
    expect(await page.getByRole('heading', { name: 'Quick Start Examples' }).isVisible()).toBe(true);
    expect(await importButton(page).isEnabled()).toBe(true);
    await close();
  });

  it('disables remove at the last row, and import while no row has a name', async () => {
    const { page, close } = await open();
    for (let left = 5; left > 1; left--) {
      await page.getByRole('button', { name: 'Remove project 1' }).click();
      expect(await rows(page).count()).toBe(left - 1);
    }
    expect(await page.getByRole('button', { name: 'Remove project 1' }).isDisabled()).toBe(true);
    await nameOf(page, 0).fill('   ');
    expect(await importButton(page).isDisabled()).toBe(true);
    await nameOf(page, 0).fill('Named');
    expect(await importButton(page).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Add Another Project' }).click();
    expect(await rows(page).count()).toBe(2);
    // The new row starts blank at the bulk defaults, with the cursor in its name.
    expect(await nameOf(page, 1).inputValue()).toBe('');
    expect(await row(page, 1).getByLabel('Status', { exact: true }).inputValue()).toBe('completed');
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-row'))).toBe(await row(page, 1).getAttribute('data-row'));
    expect(await page.getByRole('button', { name: 'Remove project 1' }).isEnabled()).toBe(true);
    await close();
  });

  it('imports the five samples in parallel, then offers one blank row', async () => {
    const { page, close } = await open();
    const bodies = await recordBodies(page, 'POST', '/api/projects');
    const hold = await holdRequests(page, 'POST', '**/api/projects');
    await importButton(page).click();
    await expect.poll(() => hold.count()).toBe(5);
    // All five are in flight at once, and the button says so and cannot be pressed again.
    expect(await importButton(page).textContent()).toContain('Importing...');
    expect(await importButton(page).isDisabled()).toBe(true);
    await hold.release();
    await expectToast(page, 'Projects imported successfully!');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await nameOf(page, 0).inputValue()).toBe('');

    expect(bodies).toHaveLength(5);
    for (const body of bodies as Record<string, unknown>[]) {
      expect(body).not.toHaveProperty('url');
      expect(body).not.toHaveProperty('imageUrl');
      expect(body).toMatchObject({ status: 'completed', progress: 100 });
    }
    for (const name of sampleNames) expect(await stored(name), name).toHaveLength(1);
    await removeImported();
    await close();
  });

  it('sends only named rows and leaves out an empty start date', async () => {
    const { page, close } = await open();
    const bodies = (await recordBodies(page, 'POST', '/api/projects')) as Record<string, unknown>[];
    await nameOf(page, 0).fill('Import test no start date');
    await row(page, 0).getByLabel('Start date', { exact: true }).fill('');
    await nameOf(page, 1).fill('');
    await nameOf(page, 2).fill('   ');
    await nameOf(page, 3).fill('Import test with start date');
    await nameOf(page, 4).fill('');
    await importButton(page).click();
    await expectToast(page, 'Projects imported successfully!');
    expect(bodies.map((body) => body.name).sort()).toEqual(['Import test no start date', 'Import test with start date']);
    const withoutDate = bodies.find((body) => body.name === 'Import test no start date')!;
    expect(withoutDate).not.toHaveProperty('startDate');
    expect(bodies.find((body) => body.name === 'Import test with start date')).toMatchObject({ startDate: SAMPLE_IMPORT_ROWS[3]!.startDate });
    expect((await stored('Import test no start date'))[0]).toMatchObject({ startDate: null, url: null, imageUrl: null });
    await removeImported();
    await close();
  });

  it('keeps the rows that failed, with the reason beside them, and removes the ones imported', async () => {
    const { page, close } = await open();
    const refused = SAMPLE_IMPORT_ROWS[1]!.name;
    await page.route('**/api/projects', async (route) => {
      const body = route.request().postDataJSON() as { name?: string } | null;
      if (route.request().method() === 'POST' && body?.name === refused) {
        return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'name: is already taken', field: 'name' }) });
      }
      return route.fallback();
    });
    // A row the browser itself refuses is not sent, and stays too.
    await row(page, 3).getByLabel('Category', { exact: true }).fill('');
    const invalid = SAMPLE_IMPORT_ROWS[3]!.name;
    const bodies = (await recordBodies(page, 'POST', '/api/projects')) as Record<string, unknown>[];

    await importButton(page).click();
    await expectToast(page, 'Failed to import projects', 'destructive');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await nameOf(page, 0).inputValue()).toBe(refused);
    expect(await row(page, 0).textContent()).toContain('Name is already taken');
    expect(await row(page, 0).textContent()).toContain('Not imported');
    expect(await nameOf(page, 1).inputValue()).toBe(invalid);
    expect(await row(page, 1).textContent()).toContain('Category is required');

    expect(bodies.map((body) => body.name)).not.toContain(invalid);
    for (const name of sampleNames.filter((n) => n !== refused && n !== invalid)) expect(await stored(name), name).toHaveLength(1);
    expect(await stored(refused)).toHaveLength(0);

    // Fixed and retried, only the two remaining rows go: nothing is imported twice.
    await page.unroute('**/api/projects');
    await row(page, 1).getByLabel('Category', { exact: true }).fill('research');
    const retried = (await recordBodies(page, 'POST', '/api/projects')) as Record<string, unknown>[];
    await importButton(page).click();
    await expectToast(page, 'Projects imported successfully!');
    expect(retried.map((body) => body.name).sort()).toEqual([refused, invalid].sort());
    for (const name of sampleNames) expect(await stored(name), name).toHaveLength(1);
    await removeImported();
    await close();
  });

  it('says the import failed and keeps every row when nothing could be sent', async () => {
    const { page, close } = await open();
    await page.route('**/api/projects', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await importButton(page).click();
    await expectToast(page, 'Failed to import projects', 'destructive');
    expect(await rows(page).count()).toBe(5);
    expect(await nameOf(page, 0).inputValue()).toBe(SAMPLE_IMPORT_ROWS[0]!.name);
    await expect.poll(() => importButton(page).isEnabled()).toBe(true);
    await close();
  });
});
