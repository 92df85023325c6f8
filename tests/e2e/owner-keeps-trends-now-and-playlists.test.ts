import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { asOwner } from './dashboard-journey.ts';
import { expectToast, hydrated, ownerApi, recordBodies, signedInPage, unique } from './owner-journey.ts';

interface StoredTrend {
  id: number;
  name: string;
  data: number[];
  labels: string[];
  metricId: number | null;
  visibility: string;
}
interface StoredNow {
  id: number;
  title: string;
  description: string | null;
  position: number;
}
interface StoredPlaylist {
  id: string;
  name: string;
  moods: string[];
  activities: string[];
}

let browser: Browser;
let api: Awaited<ReturnType<typeof ownerApi>>;
const trendNames: string[] = [];
const nowTitles: string[] = [];
const playlistIds: string[] = [];
const metricKey = `dataedit-${Date.now().toString(36)}`;
let metricId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ownerApi();
  metricId = (await api.create<{ id: number }>('/api/metrics', { key: metricKey, name: `Kiln firings ${metricKey}`, unit: 'firings' })).id;
});
afterAll(async () => {
  for (const trend of (await api.list<StoredTrend>('/api/trends')).filter((t) => trendNames.includes(t.name))) await api.remove(`/api/trends/${trend.id}`);
  for (const item of (await api.list<StoredNow>('/api/now')).filter((n) => nowTitles.includes(n.title))) await api.remove(`/api/now/${item.id}`);
  for (const id of playlistIds) await api.remove(`/api/playlists/${id}`);
  // Deleting a metric answers how many points went with it.
  await asOwner('DELETE', `/api/metrics/${metricKey}`);
  await browser?.close();
});

async function open(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto(path);
  await hydrated(page);
  return { page, close: () => context.close() };
}

describe('the owner keeps the trends', () => {
  it('is linked from Data Management, whose tabs stay as they were', async () => {
    const { page, close } = await open('/data-management');
    expect(await page.getByRole('tab').allTextContents()).toHaveLength(3);
    const links = page.getByRole('navigation', { name: 'More to manage' });
    for (const [name, path] of [
      ['Trends', '/data-management/trends'],
      ['Current focus', '/data-management/focus'],
      ['Now', '/data-management/now'],
      ['Playlists', '/data-management/playlists'],
    ]) {
      expect(await links.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    await close();
  });

  it('names what is missing beside each field, then creates a hand-set trend only the owner sees', async () => {
    const { page, close } = await open('/data-management/trends');
    const form = page.getByRole('form', { name: 'Add trend' });
    const posts = await recordBodies(page, 'POST', '/api/trends');
    await form.getByRole('button', { name: 'Create Trend' }).click();
    for (const message of ['Name is required', 'Values must have at least one point']) await form.getByText(message).waitFor();
    expect(posts).toEqual([]);

    const name = unique('Studio hours');
    trendNames.push(name);
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Unit', { exact: true }).fill('h');
    await form.getByLabel('Values', { exact: true }).fill('3, x, 5, 8');
    await form.getByLabel('Labels', { exact: true }).fill('Jan, Feb, Mar');
    await form.getByLabel('Who sees it').selectOption({ label: 'Only me' });
    await form.getByRole('button', { name: 'Create Trend' }).click();
    await expectToast(page, 'Trend created successfully!');
    await page.getByRole('article', { name }).waitFor();
    expect((await api.list<StoredTrend>('/api/trends')).find((t) => t.name === name)).toMatchObject({
      data: [3, 5, 8],
      labels: ['Jan', 'Feb', 'Mar'],
      metricId: null,
      visibility: 'owner',
    });
    await close();
  });

  it('backs a trend with a metric (asking for the metric first), then deletes it after confirming', async () => {
    const name = unique('Firings');
    trendNames.push(name);
    await api.create('/api/trends', { name, data: [1], labels: ['Jan'], color: '#a78bfa', unit: '', description: '' });
    const { page, close } = await open('/data-management/trends');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('form', { name: `Edit ${name}` });
    await form.getByLabel('From a metric').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Metric must be a metric id').waitFor();
    await form.getByLabel('Metric', { exact: true }).selectOption(String(metricId));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Trend updated successfully!');
    const stored = (await api.list<StoredTrend>('/api/trends')).find((t) => t.name === name)!;
    // Computed from the metric's points on every read: twelve months, labelled by month.
    expect(stored.metricId).toBe(metricId);
    expect(stored.labels).toHaveLength(12);
    await page.getByRole('article', { name }).getByText(`From Kiln firings ${metricKey}`).waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this trend?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Trend deleted successfully!');
    await page.getByRole('article', { name }).waitFor({ state: 'detached' });
    expect((await api.list<StoredTrend>('/api/trends')).find((t) => t.name === name)).toBeUndefined();
    await close();
  });
});

describe('the owner keeps the Now items', () => {
  it('creates a book with a description, moves it up, edits and deletes it', async () => {
    const { page, close } = await open('/data-management/now');
    const form = page.getByRole('form', { name: 'Add Now item' });
    const title = unique('The Potter’s Eye');
    nowTitles.push(title);
    await form.getByLabel('Kind').selectOption('reading');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Author').fill('Andrew Martin');
    await form.getByLabel('Description', { exact: true }).fill('On form, function and what a pot is for.');
    await form.getByLabel('Progress').fill('30');
    await form.getByRole('button', { name: 'Create Now item' }).click();
    await expectToast(page, 'Now item created successfully!');
    await page.getByRole('article', { name: title }).waitFor();
    const indexOf = async () => (await api.list<StoredNow>('/api/now')).findIndex((n) => n.title === title);
    const stored = (await api.list<StoredNow>('/api/now')).find((n) => n.title === title)!;
    expect(stored.description).toBe('On form, function and what a pot is for.');
    const before = await indexOf();
    expect(before, 'a new item goes to the end').toBe((await api.list('/api/now')).length - 1);

    await page.getByRole('button', { name: `Move “${title}” up` }).click();
    await expectToast(page, 'Order saved');
    await expect.poll(indexOf).toBe(before - 1);

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${title}` });
    await edit.getByLabel('Progress').fill('120');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Progress must be at most 100').waitFor();
    await edit.getByLabel('Progress').fill('60');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Now item updated successfully!');

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog', { name: 'Delete this Now item?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Now item deleted successfully!');
    expect(await indexOf()).toBe(-1);
    await close();
  });
});

describe('the owner keeps the playlist catalogue', () => {
  it('shows how many playlists each mood and activity can show (at most 9), and adds one with its moods', async () => {
    const { page, close } = await open('/data-management/playlists');
    const coverage = page.locator('[data-coverage]');
    await coverage.waitFor();
    expect(await page.getByText('It shows at most 9 playlists for a mood and an activity').count()).toBe(1);
    const cell = () => coverage.getByRole('row', { name: /^Relaxed/ }).getByRole('cell').nth(4);
    const relaxedRelaxation = Number.parseInt((await cell().textContent()) ?? '', 10);

    const form = page.getByRole('form', { name: 'Add playlist' });
    const id = `Dataedit${Date.now().toString(36)}`;
    playlistIds.push(id);
    const name = unique('Wheel Room');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Spotify id').fill(id);
    await form.getByLabel('Spotify link').fill(`https://open.spotify.com/playlist/${id}`);
    await form.getByRole('button', { name: 'Create Playlist' }).click();
    for (const message of ['Moods must have at least one mood', 'Activities must have at least one activity']) await form.getByText(message).waitFor();
    await form.getByRole('group', { name: 'Moods' }).getByLabel('Relaxed').check();
    await form.getByRole('group', { name: 'Activities' }).getByLabel('Relaxation').check();
    await form.getByRole('button', { name: 'Create Playlist' }).click();
    await expectToast(page, 'Playlist created successfully!');
    await page.getByRole('article', { name }).waitFor();
    expect((await api.list<StoredPlaylist>('/api/playlists')).find((p) => p.id === id)).toMatchObject({ name, moods: ['relaxed'], activities: ['relaxation'] });
    await expect.poll(async () => Number.parseInt((await cell().textContent()) ?? '', 10)).toBe(relaxedRelaxation + 1);

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this playlist?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Playlist deleted successfully!');
    await page.getByRole('article', { name }).waitFor({ state: 'detached' });
    await close();
  });
});
