import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { eventually } from '../support/page-helpers.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, forgetToast, hydrated, signedInPage, unique } from './owner-journey.ts';

/*
 * The owner keeps a metric and its points from /data-management/metrics (the test server's owner zone is
 * Pacific/Auckland; a date alone is noon there, so the list shows the date as written).
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

interface Point {
  id: number;
  at: string;
  value: number;
  note: string | null;
}
const pointsOf = async (key: string) => (await (await call(`/api/metrics/${key}/points?limit=1000`, { cookie: admin })).json()) as { points: Point[]; total: number };
const day = (offset: number) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);

async function open(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto(path);
  await hydrated(page);
  return { page, close: () => context.close() };
}

describe('the owner manages metrics and their points', () => {
  it('creates a metric from Data Management: fields named in errors, owner-only by default, the key fixed afterwards', async () => {
    const { page, close } = await open('/data-management');
    await page.getByRole('link', { name: 'Metrics' }).click();
    await page.waitForURL('**/data-management/metrics');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Add metric' });
    await form.getByRole('button', { name: 'Create metric' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Key must be 1 to 40 lowercase letters').waitFor();

    const key = `e2e-run-${run}`;
    const name = unique('Kilometres Run');
    keys.push(key);
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Key', { exact: true }).fill(key);
    await form.getByLabel('Unit', { exact: true }).fill('km');
    await form.getByLabel('Aggregation', { exact: true }).selectOption('average');
    await form.getByLabel('Target', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Create metric' }).click();
    await form.getByText('Target must be a').waitFor();
    await form.getByLabel('Target', { exact: true }).fill('100');
    expect(await form.getByLabel('Visibility', { exact: true }).inputValue()).toBe('owner');
    await form.getByRole('button', { name: 'Create metric' }).click();
    await expectToast(page, 'Metric created successfully!');

    const row = page.locator(`tr[data-metric="${key}"]`);
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain(`${name} ${key} km Average Owner only 0 —`);
    const stored = await (await call(`/api/metrics/${key}`, { cookie: admin })).json();
    expect(stored).toMatchObject({ key, name, unit: 'km', aggregation: 'average', target: 100, visibility: 'owner', points: 0 });

    // On the metric's own page the key cannot be typed into; the name and visibility change.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(`**/data-management/metrics/${key}`);
    await hydrated(page);
    const settings = page.getByRole('form', { name: `Edit ${name}` });
    expect(await settings.getByLabel('Key', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await settings.getByLabel('Name', { exact: true }).fill(`${name} renamed`);
    await settings.getByLabel('Visibility', { exact: true }).selectOption('signed-in');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Metric updated successfully!');
    expect(await (await call(`/api/metrics/${key}`, { cookie: admin })).json()).toMatchObject({ key, name: `${name} renamed`, visibility: 'signed-in' });
    await close();
  });

  it('lists points newest first a page at a time; adds, edits (value, note, date) and deletes one', async () => {
    const key = `e2e-pages-${run}`;
    keys.push(key);
    expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: unique('Pages'), unit: 'pages' } })).status).toBe(201);
    const seeded = Array.from({ length: 60 }, (_, i) => ({ at: day(i), value: i + 1 }));
    expect((await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body: seeded })).status).toBe(200);

    const { page, close } = await open(`/data-management/metrics/${key}`);
    await page.getByRole('heading', { name: 'Points (60)' }).waitFor();
    const list = page.locator('[data-list="points"] > li');
    expect(await list.count()).toBe(50);
    expect(await list.first().innerText()).toContain(day(59));
    await page.getByText('1–50 of 60 (page 1 of 2)').waitFor();
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText('51–60 of 60 (page 2 of 2)').waitFor();
    expect(await list.count()).toBe(10);
    expect(await list.last().innerText()).toContain(day(0));
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer' }).click();
    await page.getByText('1–50 of 60 (page 1 of 2)').waitFor();

    // Add: the value is checked beside its field before anything is sent.
    const add = page.getByRole('form', { name: 'Add point' });
    await add.getByLabel('Date', { exact: true }).fill(day(70));
    await add.getByRole('button', { name: 'Add point' }).click();
    await add.getByText('Value is required').waitFor();
    await add.getByLabel('Value', { exact: true }).fill('7.5');
    await add.getByLabel('Note', { exact: true }).fill('from the form');
    await add.getByRole('button', { name: 'Add point' }).click();
    await expectToast(page, 'Point added successfully!');
    await page.getByRole('heading', { name: 'Points (61)' }).waitFor();
    expect(await list.first().innerText()).toContain('from the form');

    // Edit: a new value, note and date.
    await forgetToast(page);
    await page.getByRole('button', { name: `Edit the point of ${day(70)}` }).click();
    const edit = page.getByRole('form', { name: `Edit the point of ${day(70)}` });
    await edit.getByLabel('Value', { exact: true }).fill('8');
    await edit.getByLabel('Note', { exact: true }).fill('corrected');
    await edit.getByLabel('Date', { exact: true }).fill(day(71));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Point updated successfully!');
    await page.getByRole('button', { name: `Edit the point of ${day(71)}` }).waitFor();
    const moved = (await pointsOf(key)).points.find((point) => point.note === 'corrected');
    expect(moved).toMatchObject({ value: 8 });

    // A date another point holds is refused beside the Date field, nothing changes.
    await forgetToast(page);
    await page.getByRole('button', { name: `Edit the point of ${day(71)}` }).click();
    const again = page.getByRole('form', { name: `Edit the point of ${day(71)}` });
    await again.getByLabel('Date', { exact: true }).fill(day(59));
    await again.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Failed to update point', 'destructive');
    await again.getByText('Date this metric already has a point at that date and time').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Delete after a confirmation.
    await forgetToast(page);
    await page.getByRole('button', { name: `Delete the point of ${day(71)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this point?' });
    await dialog.getByText(`The point of ${day(71)} (8 pages) will be removed for good.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Point deleted successfully!');
    await page.getByRole('heading', { name: 'Points (60)' }).waitFor();
    expect((await pointsOf(key)).points.some((point) => point.note === 'corrected')).toBe(false);
    await close();
  });

  it('deletes a metric after a confirmation that says how many points go with it', async () => {
    const key = `e2e-gone-${run}`;
    keys.push(key);
    const name = unique('Doomed');
    expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name } })).status).toBe(201);
    const points = Array.from({ length: 234 }, (_, i) => ({ at: day(i), value: 1 }));
    expect((await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body: points })).status).toBe(200);

    const { page, close } = await open('/data-management/metrics');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this metric?' });
    await dialog.getByText('and 234 data points go with it').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await call(`/api/metrics/${key}`, { cookie: admin })).status).toBe(200);

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Metric deleted successfully!');
    await eventually(() => page.locator(`tr[data-metric="${key}"]`).count()).toBe(0);
    expect((await call(`/api/metrics/${key}`, { cookie: admin })).status).toBe(404);
    await close();
  });

  it('answers 404 for a metric that does not exist', async () => {
    const { context, page } = await signedInPage(browser);
    const response = await page.goto('/data-management/metrics/no-such-metric-here');
    expect(response?.status()).toBe(404);
    await context.close();
  });
});
