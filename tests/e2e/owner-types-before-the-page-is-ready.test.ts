import type { Browser, Locator } from 'playwright-core';
import { holdScripts } from '../support/page-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { createProject, ownerCall } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, signedInPage, unique } from './owner-journey.ts';

/*
 * A phone shows a form long before its script has run, and people type at once. Each admin form here is
 * filled while the island's script is held back, its submit button pressed too, then the script is let
 * through: what was typed is what the server stores (docs/decisions/013-forms-keep-what-was-typed-before-hydration.md).
 */

let browser: Browser;
let admin = '';
const cleanup: string[] = [];
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
});
afterAll(async () => {
  for (const path of cleanup.reverse()) await call(path, { method: 'DELETE', cookie: admin });
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

/** Opens `path` on a phone with the scripts held; `slow` slows the CPU 4× as a cheap phone is. */
async function openHeld(path: string, slow = false) {
  const { context, page } = await signedInPage(browser, 'admin', PHONE, { fresh: true });
  if (slow) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  return { page, release, close: () => context.close() };
}

/** The island has taken over the form: its held press (if any) is sent from here on. */
const ready = (form: Locator) => expect.poll(() => form.evaluate((element) => element.hasAttribute('data-hydrating'))).toBe(false);

async function listed<T extends Record<string, unknown>>(path: string, match: (item: T) => boolean): Promise<T | undefined> {
  const response = await call(path, { cookie: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as T[]).find(match);
}

describe('the owner types into every admin form before its script has run', () => {
  it('adds a project, on a phone with the CPU slowed 4×', async () => {
    const name = unique('Early kiln');
    const { page, release, close } = await openHeld('/data-management', true);
    const form = page.getByRole('form', { name: 'Add project' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Description', { exact: true }).fill('Typed before the script came.');
    await form.getByLabel('Category', { exact: true }).fill('creative');
    await form.getByLabel('Status', { exact: true }).selectOption('completed');
    await form.getByLabel('Technologies', { exact: true }).fill('Clay, Fire');
    await form.getByRole('button', { name: 'Create Project' }).click();
    // The press did not reload the page: the text is still there, waiting for the script.
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(name);

    await release();
    await ready(form);
    await expectToast(page, 'Project created successfully!');
    const stored = await listed<{ id: number; name: string }>('/api/projects', (project) => project.name === name);
    expect(stored).toMatchObject({ description: 'Typed before the script came.', category: 'creative', status: 'completed', technologies: ['Clay', 'Fire'] });
    cleanup.push(`/api/projects/${stored!.id}`);
    await close();
  });

  it('adds a KPI and a timeline event', async () => {
    const kpi = unique('Early pots');
    const opened = await openHeld('/data-management?tab=kpis');
    let form = opened.page.getByRole('form', { name: 'Add KPI' });
    await form.getByLabel('Name', { exact: true }).fill(kpi);
    await form.getByLabel('Value', { exact: true }).fill('42');
    await form.getByLabel('Category', { exact: true }).fill('creative');
    await form.getByLabel('Icon', { exact: true }).selectOption('Flame');
    await form.getByLabel('Tooltip', { exact: true }).fill('Fired this year');
    await opened.release();
    await ready(form);
    // Typed before, pressed after: the field still holds the text, and it is what is sent.
    await form.getByRole('button', { name: 'Create KPI' }).click();
    await expectToast(opened.page, 'KPI created successfully!');
    const storedKpi = await listed<{ id: number; name: string }>('/api/kpis', (item) => item.name === kpi);
    expect(storedKpi).toMatchObject({ value: '42', category: 'creative', icon: 'Flame', tooltip: 'Fired this year' });
    cleanup.push(`/api/kpis/${storedKpi!.id}`);
    await opened.close();

    const title = unique('Early event');
    const timeline = await openHeld('/data-management?tab=timeline');
    form = timeline.page.getByRole('form', { name: 'Add timeline event' });
    await form.getByLabel('Date', { exact: true }).fill('2025-04-05');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Category', { exact: true }).fill('milestone');
    await form.getByLabel('Tags', { exact: true }).fill('studio, early');
    await form.getByLabel('Title', { exact: true }).press('Enter');
    await timeline.release();
    await ready(form);
    await expectToast(timeline.page, 'Timeline event created successfully!');
    const event = await listed<{ id: number; title: string }>('/api/timeline', (item) => item.title === title);
    expect(event).toMatchObject({ category: 'milestone', tags: ['studio', 'early'] });
    expect(String((event as { date?: string }).date)).toContain('2025-04-05');
    cleanup.push(`/api/timeline/${event!.id}`);
    await timeline.close();
  });

  it('adds an activity, a Now item, a playlist and a trend', async () => {
    const activity = unique('Early focus');
    let opened = await openHeld('/data-management/focus');
    let form = opened.page.getByRole('form', { name: 'Add activity' });
    await form.getByLabel('Title', { exact: true }).fill(activity);
    await form.getByLabel('Type', { exact: true }).fill('learning');
    await form.getByLabel('Progress', { exact: true }).fill('35');
    await form.getByRole('button', { name: 'Create Activity' }).click();
    await opened.release();
    await ready(form);
    await expectToast(opened.page, 'Activity created successfully!');
    const storedActivity = await listed<{ id: number; title: string }>('/api/current-activity', (item) => item.title === activity);
    expect(storedActivity).toMatchObject({ type: 'learning', progress: 35 });
    cleanup.push(`/api/current-activity/${storedActivity!.id}`);
    await opened.close();

    const now = unique('Early book');
    opened = await openHeld('/data-management/now');
    form = opened.page.getByRole('form', { name: 'Add Now item' });
    await form.getByLabel('Title', { exact: true }).fill(now);
    await form.getByLabel('Author').fill('Andrew Martin');
    await form.getByLabel('Description', { exact: true }).fill('Read on the train.');
    await form.getByRole('button', { name: 'Create Now item' }).click();
    await opened.release();
    await ready(form);
    await expectToast(opened.page, 'Now item created successfully!');
    const storedNow = await listed<{ id: number; title: string }>('/api/now', (item) => item.title === now);
    expect(storedNow).toMatchObject({ type: 'reading', subtitle: 'Andrew Martin', description: 'Read on the train.' });
    cleanup.push(`/api/now/${storedNow!.id}`);
    await opened.close();

    const playlist = unique('Early mix');
    const id = `early${run}`;
    opened = await openHeld('/data-management/playlists');
    form = opened.page.getByRole('form', { name: 'Add playlist' });
    await form.getByLabel('Name', { exact: true }).fill(playlist);
    await form.getByLabel('Spotify id').fill(id);
    await form.getByLabel('Spotify link').fill(`https://open.spotify.com/playlist/${id}`);
    await form.getByRole('group', { name: 'Moods' }).getByLabel('Relaxed').check();
    await form.getByRole('group', { name: 'Activities' }).getByLabel('Relaxation').check();
    await form.getByRole('button', { name: 'Create Playlist' }).click();
    await opened.release();
    await ready(form);
    await expectToast(opened.page, 'Playlist created successfully!');
    const storedPlaylist = await listed<{ id: string; name: string }>('/api/playlists', (item) => item.name === playlist);
    expect(storedPlaylist).toMatchObject({ id, moods: ['relaxed'], activities: ['relaxation'] });
    cleanup.push(`/api/playlists/${id}`);
    await opened.close();

    const trend = unique('Early hours');
    opened = await openHeld('/data-management/trends');
    form = opened.page.getByRole('form', { name: 'Add trend' });
    await form.getByLabel('Name', { exact: true }).fill(trend);
    await form.getByLabel('Values', { exact: true }).fill('3, 5, 8');
    await form.getByLabel('Labels', { exact: true }).fill('Jan, Feb, Mar');
    await form.getByLabel('Who sees it').selectOption({ label: 'Only me' });
    await form.getByRole('button', { name: 'Create Trend' }).click();
    await opened.release();
    await ready(form);
    await expectToast(opened.page, 'Trend created successfully!');
    const storedTrend = await listed<{ id: number; name: string }>('/api/trends', (item) => item.name === trend);
    expect(storedTrend).toMatchObject({ data: [3, 5, 8], labels: ['Jan', 'Feb', 'Mar'], visibility: 'owner' });
    cleanup.push(`/api/trends/${storedTrend!.id}`);
    await opened.close();
  });

  it('adds a metric, a point by hand and a token for it', async () => {
    const key = `early-${run}`;
    const name = unique('Early laps');
    let opened = await openHeld('/data-management/metrics', true);
    let form = opened.page.getByRole('form', { name: 'Add metric' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Key', { exact: true }).fill(key);
    await form.getByLabel('Unit', { exact: true }).fill('laps');
    await form.getByRole('button', { name: 'Create metric' }).click();
    await opened.release();
    await ready(form);
    cleanup.push(`/api/metrics/${key}`);
    await expect.poll(async () => (await call(`/api/metrics/${key}`, { cookie: admin })).status).toBe(200);
    expect(await (await call(`/api/metrics/${key}`, { cookie: admin })).json()).toMatchObject({ name, unit: 'laps' });
    await opened.close();

    opened = await openHeld(`/data-management/metrics/${key}`);
    form = opened.page.getByRole('form', { name: 'Add point' });
    await form.getByLabel('Date', { exact: true }).fill('2025-03-01');
    await form.getByLabel('Value', { exact: true }).fill('12');
    await form.getByLabel('Note', { exact: true }).fill('before the script');
    await form.getByRole('button', { name: 'Add point' }).click();
    await opened.release();
    await ready(form);
    await expectToast(opened.page, 'Point added successfully!');
    const points = (await (await call(`/api/metrics/${key}/points?limit=10`, { cookie: admin })).json()) as { points: { at: string; value: number; note: string }[] };
    expect(points.points).toHaveLength(1);
    expect(points.points[0]).toMatchObject({ value: 12, note: 'before the script' });
    // The typed day, not the form's default (today), in the owner's time zone.
    const at = Date.parse(points.points[0]!.at);
    expect(at).toBeGreaterThanOrEqual(Date.parse('2025-02-28T00:00:00Z'));
    expect(at).toBeLessThan(Date.parse('2025-03-02T00:00:00Z'));
    await opened.close();

    const token = unique('Early phone');
    opened = await openHeld('/data-management/tokens');
    form = opened.page.getByRole('form', { name: 'Create token' });
    await form.getByLabel('Name', { exact: true }).fill(token);
    await form.getByLabel(name).check();
    await form.getByRole('button', { name: 'Create token' }).click();
    await opened.release();
    await ready(form);
    await expectToast(opened.page, 'Token created successfully!');
    await opened.page.getByRole('heading', { name: `Your new token “${token}”` }).waitFor();
    const storedToken = await listed<{ id: number; name: string }>('/api/tokens', (item) => item.name === token);
    expect(storedToken).toMatchObject({ metricKeys: [key] });
    cleanup.push(`/api/tokens/${storedToken!.id}`);
    await opened.close();
  });

  it('picks a CSV file before the import page is ready', async () => {
    const key = `early-csv-${run}`;
    expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: unique('Early steps'), unit: 'steps' } })).status).toBe(201);
    cleanup.push(`/api/metrics/${key}`);
    const opened = await openHeld(`/data-management/metrics/${key}/import`);
    await opened.page.getByLabel('CSV file').setInputFiles({ name: 'early.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Steps\n2025-01-01,100\n2025-01-02,200\n') });
    await opened.release();
    await opened.page.getByRole('heading', { name: '2. Map the columns of early.csv' }).waitFor();
    await opened.page.getByRole('button', { name: 'Check the rows' }).click();
    await opened.page.getByRole('button', { name: /^Import 2 / }).click();
    await expectToast(opened.page, 'Import finished');
    const { total } = (await (await call(`/api/metrics/${key}/points?limit=1`, { cookie: admin })).json()) as { total: number };
    expect(total).toBe(2);
    await opened.close();
  });

  it('rewrites a sample row of the quick import, its description too', async () => {
    const name = unique('Early import');
    const opened = await openHeld('/bulk-import');
    const row = opened.page.locator('[data-row]').first();
    await row.getByLabel('Name', { exact: true }).fill(name);
    // A textarea the server filled (the sample's description): React puts its server text back when it hydrates.
    await row.getByLabel('Description', { exact: true }).fill('Rewritten before the script came.');
    await opened.release();
    await expect.poll(() => row.evaluate((element) => element.hasAttribute('data-hydrating'))).toBe(false);
    expect(await row.getByLabel('Description', { exact: true }).inputValue()).toBe('Rewritten before the script came.');
    // Only this row is imported: the others are emptied first.
    const rows = opened.page.locator('[data-row]');
    while ((await rows.count()) > 1) await rows.nth(1).getByRole('button', { name: /^Remove project/ }).click();
    await opened.page.getByRole('button', { name: 'Import All Projects' }).click();
    await expect.poll(() => listed<{ id: number; name: string }>('/api/projects', (project) => project.name === name)).toMatchObject({ description: 'Rewritten before the script came.' });
    const stored = await listed<{ id: number; name: string }>('/api/projects', (project) => project.name === name);
    cleanup.push(`/api/projects/${stored!.id}`);
    await opened.close();
  });

  it('rewrites a saved case study in the editor, on a phone with the CPU slowed 4×', async () => {
    const project = await createProject(admin);
    cleanup.push(`/api/projects/${project.id}`);
    expect((await ownerCall(admin, 'PUT', `/api/projects/${project.id}/case-study`, { caseStudy: '# Old text\n\nFrom the server.', published: false })).status).toBe(200);
    const opened = await openHeld(`/data-management/case-studies/${project.id}`, true);
    // The server put the saved text into the textarea; React would put it back as it hydrates.
    const text = opened.page.getByLabel('Case study (Markdown)');
    await text.fill('# New text\n\nTyped before the script came.');
    await opened.release();
    const editor = opened.page.locator('[data-case-study-editor]');
    await expect.poll(() => editor.evaluate((element) => element.hasAttribute('data-hydrating'))).toBe(false);
    expect(await text.inputValue()).toBe('# New text\n\nTyped before the script came.');
    await opened.page.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(async () => ((await (await ownerCall(admin, 'GET', `/api/projects/${project.id}`)).json()) as { caseStudy: string }).caseStudy)
      .toBe('# New text\n\nTyped before the script came.');
    await opened.close();
  });

  it('names a passkey before the page is ready; the button says it is getting ready', async () => {
    const opened = await openHeld('/data-management/passkeys');
    const form = opened.page.getByRole('form', { name: 'Add a passkey' });
    await form.getByLabel('Name', { exact: true }).fill('Early phone');
    const button = form.getByRole('button', { name: 'Add a passkey' });
    expect(await button.isDisabled()).toBe(true);
    await form.getByRole('status').filter({ hasText: 'Preparing the passkey prompt' }).waitFor();
    // Enter in the field before the script ran neither reloads the page nor, later, starts a prompt by itself.
    await form.getByLabel('Name', { exact: true }).press('Enter');
    await opened.release();
    await ready(form);
    expect(new URL(opened.page.url()).search).toBe('');
    expect(await form.getByRole('button', { name: 'Waiting for your passkey...' }).count()).toBe(0);
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Early phone');
    await opened.close();
  });

  it('presses Edit in a list before its script has run: the button says it is busy, then the editor opens', async () => {
    const { page, release, close } = await openHeld('/data-management/now', true);
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    const name = (await edit.getAttribute('aria-label'))!.slice('Edit '.length);
    await edit.click();
    expect(await edit.getAttribute('aria-busy')).toBe('true');
    await release();
    await page.getByRole('heading', { name: `Edit ${name}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Edit ${name}` }).count()).toBe(0);
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    await close();
  });
});
