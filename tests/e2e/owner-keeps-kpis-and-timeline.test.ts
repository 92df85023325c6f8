import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in.ts';
import { launchBrowser } from '../support/browser.ts';
import { expectToast, hydrated, ownerApi, recordBodies, signedInPage, unique } from './owner-journey.ts';
import { workerServer } from '../support/worker.ts';

interface StoredKpi {
  id: number;
  name: string;
  value: string;
  unit: string | null;
  icon: string;
  color: string;
  sparklineData: number[] | null;
  position: number;
}
interface StoredEvent {
  id: number;
  title: string;
  date: string;
  color: string;
  tags: string[];
}

let browser: Browser;
let api: Awaited<ReturnType<typeof ownerApi>>;
const kpiNames: string[] = [];
const eventTitles: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ownerApi();
});
afterAll(async () => {
  for (const kpi of (await api.list<StoredKpi>('/api/kpis')).filter((k) => kpiNames.includes(k.name))) await api.remove(`/api/kpis/${kpi.id}`);
  for (const event of (await api.list<StoredEvent>('/api/timeline')).filter((e) => eventTitles.includes(e.title))) await api.remove(`/api/timeline/${event.id}`);
  await browser?.close();
});

async function open(tab: 'kpis' | 'timeline'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto(`/data-management?tab=${tab}`);
  await hydrated(page);
  return { page, close: () => context.close() };
}

const kpiForm = (page: Page) => page.getByRole('form', { name: 'Add KPI' });
const eventForm = (page: Page) => page.getByRole('form', { name: 'Add timeline event' });
const kpi = async (name: string) => (await api.list<StoredKpi>('/api/kpis')).find((k) => k.name === name);
const event = async (title: string) => (await api.list<StoredEvent>('/api/timeline')).find((e) => e.title === title);

describe('the owner keeps the KPIs', () => {
  it('starts the form in the default colour with a known icon and its preview', async () => {
    const { page, close } = await open('kpis');
    const form = kpiForm(page);
    expect(await form.getByLabel('Colour', { exact: true }).inputValue()).toBe('#6fffe9');
    expect(await form.getByLabel('Colour picker').inputValue()).toBe('#6fffe9');
    expect(await form.getByLabel('Icon', { exact: true }).inputValue()).toBe('Package');
    expect(await form.locator('[data-icon-preview]').getAttribute('data-icon-preview')).toBe('Package');
    for (const label of ['Name', 'Value', 'Unit', 'Category', 'Change', 'Sparkline', 'Tooltip']) {
      expect(await form.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    }
    // The icon list is SPEC's twelve known names.
    const options = await form.getByLabel('Icon', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['Package', 'Bot', 'Box', 'DollarSign', 'Clock', 'BookOpen', 'Heart', 'Flame', 'TrendingUp', 'Users', 'Code', 'Zap']);
    await form.getByLabel('Icon', { exact: true }).selectOption('Heart');
    expect(await form.locator('[data-icon-preview]').getAttribute('data-icon-preview')).toBe('Heart');
    // The picker and the hex field are one value.
    await form.getByLabel('Colour picker').fill('#ff8800');
    expect(await form.getByLabel('Colour', { exact: true }).inputValue()).toBe('#ff8800');
    await close();
  });

  it('names what is missing or malformed beside each field', async () => {
    const { page, close } = await open('kpis');
    const form = kpiForm(page);
    const posts = await recordBodies(page, 'POST', '/api/kpis');
    await form.getByLabel('Colour', { exact: true }).fill('mint');
    await form.getByRole('button', { name: 'Create KPI' }).click();
    for (const message of ['Name is required', 'Value is required', 'Category is required', 'Colour must be a colour like #6fffe9']) {
      await form.getByText(message).waitFor();
    }
    expect(posts).toEqual([]);
    await close();
  });

  it('creates a KPI with the sparkline converted, then refreshes the list and resets the form', async () => {
    const { page, close } = await open('kpis');
    const form = kpiForm(page);
    const name = unique('Pots Thrown');
    kpiNames.push(name);
    const posts = await recordBodies(page, 'POST', '/api/kpis');
    const before = await api.list<StoredKpi>('/api/kpis');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Value', { exact: true }).fill('42');
    await form.getByLabel('Unit', { exact: true }).fill('pots');
    await form.getByLabel('Category', { exact: true }).fill('creative');
    await form.getByLabel('Icon', { exact: true }).selectOption('Flame');
    await form.getByLabel('Sparkline', { exact: true }).fill('1, x, 3');
    await form.getByRole('button', { name: 'Create KPI' }).click();
    await expectToast(page, 'KPI created successfully!');

    expect(posts).toEqual([
      {
        name,
        value: '42',
        unit: 'pots',
        icon: 'Flame',
        color: '#6fffe9',
        change: null,
        sparklineData: [1, 3],
        tooltip: null,
        category: 'creative',
        position: Math.max(-1, ...before.map((k) => k.position)) + 1,
      },
    ]);
    await page.getByRole('article', { name }).waitFor();
    await expect.poll(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Sparkline', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Icon', { exact: true }).inputValue()).toBe('Package');
    expect(await kpi(name)).toMatchObject({ value: '42', sparklineData: [1, 3], icon: 'Flame' });
    await close();
  });

  it('edits a KPI in place; an emptied sparkline is stored as null', async () => {
    const name = unique('Glazes');
    kpiNames.push(name);
    await api.create('/api/kpis', { name, value: '7', icon: 'Zap', color: '#a78bfa', sparklineData: [1, 2, 3], category: 'creative', position: 99 });
    const { page, close } = await open('kpis');
    const patches = await recordBodies(page, 'PATCH', `/api/kpis/${(await kpi(name))!.id}`);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('form', { name: `Edit ${name}` });
    expect(await form.getByLabel('Sparkline', { exact: true }).inputValue()).toBe('1, 2, 3');
    expect(await form.getByLabel('Colour', { exact: true }).inputValue()).toBe('#a78bfa');
    expect(await form.getByLabel('Icon', { exact: true }).inputValue()).toBe('Zap');
    await form.getByLabel('Sparkline', { exact: true }).fill('');
    await form.getByLabel('Value', { exact: true }).fill('8');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'KPI updated successfully!');
    expect(patches[0]).toMatchObject({ value: '8', sparklineData: null });
    expect(await kpi(name)).toMatchObject({ value: '8', sparklineData: null, position: 99 });
    await close();
  });

  it('deletes a KPI after confirming', async () => {
    const name = unique('Old KPI');
    kpiNames.push(name);
    await api.create('/api/kpis', { name, value: '1', icon: 'Box', color: '#6fffe9', category: 'misc', position: 98 });
    const { page, close } = await open('kpis');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this KPI?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'KPI deleted successfully!');
    await page.getByRole('article', { name }).waitFor({ state: 'detached' });
    expect(await kpi(name)).toBeUndefined();
    await close();
  });
});

describe('the owner keeps the timeline', () => {
  it("starts the form dated today in the default colour", async () => {
    const { page, close } = await open('timeline');
    const form = eventForm(page);
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await form.getByLabel('Date', { exact: true }).inputValue()).toBe(today);
    expect(await form.getByLabel('Colour', { exact: true }).inputValue()).toBe('#6fffe9');
    for (const label of ['Title', 'Description', 'Category', 'Tags']) expect(await form.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    await close();
  });

  // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: at any moment at least one of
  // them has another date than the UTC server, so a default taken from the server (the rendered
  // HTML, or a prop) instead of the browser would show here.
  for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
    it(`dates a new event today in the owner's own time zone (${timezoneId})`, async () => {
      const context = await browser.newContext({ baseURL: workerServer().baseUrl, timezoneId });
      await signIn(context, 'admin');
      const page = await context.newPage();
      await page.goto('/data-management?tab=timeline');
      await hydrated(page);
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await expect.poll(() => eventForm(page).getByLabel('Date', { exact: true }).inputValue()).toBe(today);
      // Taking the browser's date is not a change of the owner's: switching tabs does not ask.
      await page.getByRole('tab', { name: 'KPIs' }).click();
      await page.waitForURL(/\?tab=kpis$/);
      await context.close();
    });
  }

  it('names what is missing beside each field', async () => {
    const { page, close } = await open('timeline');
    const form = eventForm(page);
    await form.getByLabel('Date', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Create Event' }).click();
    for (const message of ['Date is required', 'Title is required', 'Category is required']) await form.getByText(message).waitFor();
    await close();
  });

  it('creates, edits and deletes an event, with tags trimmed into a list', async () => {
    const { page, close } = await open('timeline');
    const form = eventForm(page);
    const title = unique('Kiln firing');
    const renamed = unique('First kiln firing');
    eventTitles.push(title, renamed);
    const posts = await recordBodies(page, 'POST', '/api/timeline');
    await form.getByLabel('Date', { exact: true }).fill('2025-04-05');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Category', { exact: true }).fill('milestone');
    await form.getByLabel('Tags', { exact: true }).fill('  ceramics ,  studio ,');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Timeline event created successfully!');
    expect(posts).toEqual([{ date: '2025-04-05', title, description: '', category: 'milestone', color: '#6fffe9', tags: ['ceramics', 'studio'] }]);
    await page.getByRole('article', { name: title }).waitFor();
    await expect.poll(() => form.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Tags', { exact: true }).inputValue()).toBe('');

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${title}` });
    expect(await edit.getByLabel('Tags', { exact: true }).inputValue()).toBe('ceramics, studio');
    await edit.getByLabel('Title', { exact: true }).fill(renamed);
    await edit.getByLabel('Colour', { exact: true }).fill('#fbbf24');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Timeline event updated successfully!');
    expect(await event(renamed)).toMatchObject({ date: '2025-04-05', color: '#fbbf24', tags: ['ceramics', 'studio'] });

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Delete this timeline event?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Timeline event deleted successfully!');
    await page.getByRole('article', { name: renamed }).waitFor({ state: 'detached' });
    expect(await event(renamed)).toBeUndefined();
    await close();
  });
});
