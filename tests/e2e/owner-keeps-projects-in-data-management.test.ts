import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { focusedName, tabTo } from '../support/page-helpers.ts';
import { expectToast, forgetToast, holdRequests, hydrated, ownerApi, recordBodies, signedInPage, unique } from './owner-journey.ts';

interface StoredProject {
  id: number;
  name: string;
  progress: number;
  status: string;
  tags: string[];
  technologies: string[];
  startDate: string | null;
}

let browser: Browser;
let api: Awaited<ReturnType<typeof ownerApi>>;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ownerApi();
});
afterAll(async () => {
  await removeCreated();
  await browser?.close();
});

/** Leaves the database as the seed made it once a journey is done with its projects, for the next journey. */
async function removeCreated(): Promise<void> {
  const projects = await api.list<StoredProject>('/api/projects');
  for (const project of projects.filter((p) => created.includes(p.name))) await api.remove(`/api/projects/${project.id}`);
}

async function openProjects(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser);
  await page.goto('/data-management?tab=projects');
  await hydrated(page);
  return { page, close: () => context.close() };
}

const addForm = (page: Page) => page.getByRole('form', { name: 'Add project' });
const field = (page: Page, label: string, form = addForm(page)) => form.getByLabel(label, { exact: true });
const storedProject = async (name: string) => (await api.list<StoredProject>('/api/projects')).find((p) => p.name === name);

describe('the owner manages projects in Data Management', () => {
  it('opens on the Projects tab with the add form at SPEC defaults', async () => {
    const { page, close } = await openProjects();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Data Management');
    expect(await page.getByRole('tab', { name: 'Projects' }).getAttribute('aria-selected')).toBe('true');
    for (const label of ['Name', 'Description', 'Category', 'Technologies', 'Tags', 'Start date', 'End date']) {
      expect(await field(page, label).inputValue(), label).toBe('');
    }
    expect(await field(page, 'Status').inputValue()).toBe('planned');
    expect(await field(page, 'Progress').inputValue()).toBe('0');
    await close();
  });

  it('lists every project with its name, description, status, progress and category', async () => {
    type Listed = StoredProject & { description: string; category: string };
    const stored = await api.list<Listed>('/api/projects');
    const { page, close } = await openProjects();
    const shown = await page.locator('[data-list="projects"] > li').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-item'))));
    expect([...shown].sort()).toEqual(stored.map((p) => p.id).sort());
    const first = stored[0]!;
    const row = page.getByRole('article', { name: first.name, exact: true });
    const text = await row.textContent();
    expect(text).toContain(first.description.slice(0, 40));
    expect(text).toContain(`${first.progress}%`);
    expect(text).toMatch(/Planned|Active|Completed/);
    expect(await row.locator('.chip').count()).toBe(1);
    await close();
  });

  it('shows what is wrong beside each field, sends nothing, and clears a message once fixed', async () => {
    const { page, close } = await openProjects();
    const posts = await recordBodies(page, 'POST', '/api/projects');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Category is required').waitFor();
    // Focus goes to the first field to fix, and the message is read out with it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    const describedBy = await field(page, 'Name').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Name is required');

    await field(page, 'Progress').fill('150');
    await page.getByText('Progress must be at most 100').waitFor();
    await field(page, 'Name').fill('Something');
    await page.getByText('Name is required').waitFor({ state: 'detached' });
    expect(posts).toEqual([]);
    await close();
  });

  it('creates a project with the helper fields converted, then refreshes the list and resets the form', async () => {
    const { page, close } = await openProjects();
    const name = unique('Kiln Notes');
    created.push(name);
    const posts = await recordBodies(page, 'POST', '/api/projects');
    await field(page, 'Name').fill(name);
    await field(page, 'Description').fill('A notebook for glaze recipes.');
    await field(page, 'Category').fill('creative');
    await field(page, 'Status').selectOption('active');
    // A number field keeps no letters: 'abc' leaves it empty, and an empty progress is sent as 0.
    await field(page, 'Progress').fill('');
    await field(page, 'Progress').pressSequentially('abc');
    await field(page, 'Technologies').fill('  React ,Vite ,, ');
    await field(page, 'Tags').fill(' glaze , kiln ');

    const hold = await holdRequests(page, 'POST', '**/api/projects');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByRole('button', { name: 'Creating...' }).waitFor();
    await hold.release();
    await expectToast(page, 'Project created successfully!');

    expect(posts).toEqual([
      {
        name,
        description: 'A notebook for glaze recipes.',
        status: 'active',
        progress: 0,
        category: 'creative',
        tags: ['glaze', 'kiln'],
        technologies: ['React', 'Vite'],
        startDate: null,
        endDate: null,
      },
    ]);
    await page.getByRole('article', { name }).waitFor();
    await expect.poll(() => field(page, 'Name').inputValue()).toBe('');
    expect(await field(page, 'Tags').inputValue()).toBe('');
    expect(await field(page, 'Status').inputValue()).toBe('planned');
    expect(await field(page, 'Progress').inputValue()).toBe('0');
    expect(await page.getByRole('button', { name: 'Create Project' }).isVisible()).toBe(true);

    const stored = await storedProject(name);
    expect(stored).toMatchObject({ progress: 0, status: 'active', tags: ['glaze', 'kiln'], technologies: ['React', 'Vite'], startDate: null });
    await removeCreated();
    await close();
  });

  it('edits a project in place with the same form, prefilled', async () => {
    const name = unique('Edit Me');
    const renamed = unique('Edited');
    created.push(name, renamed);
    await api.create('/api/projects', {
      name,
      description: 'Before',
      status: 'planned',
      progress: 10,
      category: 'research',
      tags: ['a', 'b'],
      technologies: ['Rust'],
      startDate: '2025-02-01',
      endDate: null,
    });
    const { page, close } = await openProjects();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('form', { name: `Edit ${name}` });
    expect(await field(page, 'Name', form).inputValue()).toBe(name);
    expect(await field(page, 'Tags', form).inputValue()).toBe('a, b');
    expect(await field(page, 'Progress', form).inputValue()).toBe('10');
    expect(await field(page, 'Start date', form).inputValue()).toBe('2025-02-01');

    await field(page, 'Name', form).fill(renamed);
    await field(page, 'Progress', form).fill('55');
    await field(page, 'Status', form).selectOption('completed');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Project updated successfully!');
    const row = page.getByRole('article', { name: renamed });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('55%');
    expect(await row.textContent()).toContain('Completed');
    expect(await storedProject(renamed)).toMatchObject({ progress: 55, status: 'completed', tags: ['a', 'b'], startDate: '2025-02-01' });
    // Focus returns to the row's Edit button, so the keyboard user is where they were.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${renamed}`);
    await removeCreated();
    await close();
  });

  it('asks before deleting, shows Deleting... while it runs, and removes the row', async () => {
    const name = unique('Delete Me');
    created.push(name);
    await api.create('/api/projects', { name, description: '', status: 'planned', progress: 0, category: 'personal', tags: [], technologies: [] });
    const { page, close } = await openProjects();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this project?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedProject(name)).toBeDefined();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const hold = await holdRequests(page, 'DELETE', '**/api/projects/*');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Deleting...' }).waitFor();
    await hold.release();
    await expectToast(page, 'Project deleted successfully!');
    await page.getByRole('article', { name }).waitFor({ state: 'detached' });
    expect(await storedProject(name)).toBeUndefined();
    await close();
  });

  it("shows the server's refusal beside the field and keeps everything typed", async () => {
    const { page, close } = await openProjects();
    await page.route('**/api/projects', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'name: is already taken', field: 'name' }) })
        : route.fallback(),
    );
    await field(page, 'Name').fill('Taken name');
    await field(page, 'Category').fill('creative');
    await field(page, 'Tags').fill('x, y');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expectToast(page, 'Failed to create project', 'destructive');
    await page.getByText('Name is already taken').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Taken name');
    expect(await field(page, 'Tags').inputValue()).toBe('x, y');

    // A request that never reaches the server keeps the form too.
    await page.unroute('**/api/projects');
    await page.route('**/api/projects', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await forgetToast(page);
    await field(page, 'Name').fill('Offline name');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expectToast(page, 'Failed to create project', 'destructive');
    expect(await field(page, 'Name').inputValue()).toBe('Offline name');
    expect(await field(page, 'Category').inputValue()).toBe('creative');
    await close();
  });

  it('creates and deletes a project with the keyboard alone', async () => {
    const { page, close } = await openProjects();
    const name = unique('Keyboard Only');
    created.push(name);
    await tabTo(page, 'Name');
    await page.keyboard.type(name);
    await tabTo(page, 'Category');
    await page.keyboard.type('development');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Project created successfully!');
    await page.getByRole('article', { name }).waitFor();

    await tabTo(page, `Delete ${name}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this project?' });
    await dialog.waitFor();
    // Cancel takes the first focus; one Tab reaches Delete.
    expect(await focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Delete');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Project deleted successfully!');
    // Focus lands on the list heading, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('projects-list-heading');
    await page.getByRole('article', { name }).waitFor({ state: 'detached' });
    expect(await storedProject(name)).toBeUndefined();
    await close();
  });
});
