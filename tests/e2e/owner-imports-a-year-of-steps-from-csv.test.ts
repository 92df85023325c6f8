import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, holdRequests, hydrated, signedInPage, unique } from './owner-journey.ts';

/*
 * The owner imports data points from CSV files on /data-management/metrics/{key}/import: the preview
 * names the refused rows and why, the import runs in chunks of 1,000 with a progress bar, a second import
 * of the same file duplicates nothing, and a 20,000-row file completes.
 */
let browser: Browser;
let admin = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const keys: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
});
afterAll(async () => {
  for (const key of keys) await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
  await browser?.close();
});

async function newMetric(label: string): Promise<{ key: string; name: string }> {
  const key = `e2e-csv-${label}-${run}`;
  const name = unique(`Steps ${label}`);
  keys.push(key);
  expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name, unit: 'steps' } })).status).toBe(201);
  return { key, name };
}

const total = async (key: string) => ((await (await call(`/api/metrics/${key}/points?limit=1`, { cookie: admin })).json()) as { total: number }).total;
const day = (offset: number) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);

/** A year of daily steps as a health app exports it, with four rows that must be refused. */
function yearOfSteps(): string {
  const lines = ['Date,Steps,Comment'];
  for (let i = 0; i < 365; i++) lines.push(`${day(i)},${5000 + ((i * 37) % 6000)},${i % 30 === 0 ? '"long walk, rain"' : ''}`);
  lines.splice(11, 0, '2025-13-45,100,'); // line 12: no such date
  lines.splice(21, 0, '2025-02-01,,'); // line 22: no value
  lines.splice(31, 0, '2025-02-02,lots,'); // line 32: not a number
  lines.push('2999-01-01,10,'); // line 370: the far future
  return `${lines.join('\r\n')}\r\n`;
}

async function openImport(key: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto(`/data-management/metrics/${key}/import`);
  await hydrated(page);
  return { page, close: () => context.close() };
}

async function pickFile(page: Page, name: string, text: string) {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe('the owner imports a year of steps from a CSV file', () => {
  it('previews the refused rows and why, imports the rest with progress and a summary; a second import duplicates nothing', async () => {
    const { key, name } = await newMetric('year');
    // A point the file also has: the import updates it instead of adding a second one.
    expect((await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body: [{ at: day(0), value: 1 }] })).status).toBe(200);

    const { page, close } = await openImport(key);
    await pickFile(page, 'steps.csv', yearOfSteps());
    // The columns are guessed from the header.
    expect(await page.getByLabel('Date column').inputValue()).toBe('0');
    expect(await page.getByLabel('Value column').inputValue()).toBe('1');
    expect(await page.getByLabel('Note column').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Check the rows' }).click();

    await page.getByTestId('csv-counts').getByText(`365 rows will be imported into ${name}; 4 will be refused.`).waitFor();
    const refused = page.getByRole('table', { name: /Rows that will be refused \(4\)/ });
    expect(await refused.locator('tbody tr').allInnerTexts()).toEqual([
      '12\tDate must be an ISO 8601 date or date and time',
      '22\tValue is required',
      '32\tValue must be a number',
      '370\tDate must not be more than one day in the future',
    ]);
    const first = page.getByRole('table', { name: 'The first rows to import' });
    expect(await first.locator('tbody tr').first().innerText()).toBe(`2\t${day(0)}\t5000 steps\tlong walk, rain`);

    await page.getByRole('button', { name: 'Import 365 rows' }).click();
    await expectToast(page, 'Import finished');
    const result = page.getByTestId('csv-result');
    expect((await result.locator('li').allInnerTexts()).map((text) => text.trim())).toEqual([
      '364 new points',
      '1 points updated (their date already had one)',
      '4 rows refused',
    ]);
    expect(await total(key)).toBe(365);

    // The same file again: every point is updated, none added.
    await result.getByRole('button', { name: 'Import another file' }).click();
    await pickFile(page, 'steps.csv', yearOfSteps());
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByRole('button', { name: 'Import 365 rows' }).click();
    await page.getByTestId('csv-result').getByText('0 new points').waitFor();
    await page.getByTestId('csv-result').getByText('365 points updated (their date already had one)').waitFor();
    expect(await total(key)).toBe(365);
    await close();
  });

  it('imports 20,000 rows in chunks of 1,000 with a progress bar of rows done out of the total', async () => {
    const { key } = await newMetric('big');
    const start = Date.UTC(2023, 0, 1);
    const lines = ['timestamp;value'];
    for (let i = 0; i < 20_000; i++) lines.push(`${new Date(start + i * 3_600_000).toISOString()};${i % 97}`);

    const { page, close } = await openImport(key);
    const sizes: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/metrics/${key}/points/import`)) sizes.push((request.postDataJSON() as { points: unknown[] }).points.length);
    });
    await pickFile(page, 'hourly.csv', lines.join('\n'));
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByTestId('csv-counts').getByText('20,000 rows will be imported').waitFor();

    // The first chunk is held, so the bar is seen at its start; then everything goes through.
    const held = await holdRequests(page, 'POST', `**/api/metrics/${key}/points/import`);
    await page.getByRole('button', { name: 'Import 20,000 rows' }).click();
    await page.getByTestId('csv-progress-text').getByText('0 of 20,000 rows').waitFor();
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('max')).toBe('20000');
    await held.release();
    await page.getByTestId('csv-result').getByText('20,000 new points').waitFor({ timeout: 120_000 });
    // The browser's request events reach this process a moment after the page shows the result.
    await expect.poll(() => sizes.length).toBe(20);
    expect(sizes.every((size) => size === 1_000)).toBe(true);
    expect(await total(key)).toBe(20_000);
    await close();
  }, 180_000);
});
