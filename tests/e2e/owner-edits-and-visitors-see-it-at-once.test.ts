import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pngFile, readProject } from '../support/owner-api.ts';
import { eventually, waitForIslands, waitForSearch } from '../support/page-helpers.ts';
import { expectToast, forgetToast, hydrated, ownerApi, signedInPage, unique } from './owner-journey.ts';

/*
 * Visitor pages are served from the server's cache; the owner's writes through the real UI must show
 * on a visitor's next load at once. A cookie-less visitor first has each page cached (the same ETag on
 * two loads: the cache marks its answers with one), then the owner creates, edits, uploads a thumbnail,
 * adds a gallery picture and deletes, and after each the visitor's next load shows it.
 */
let browser: Browser;
let api: Awaited<ReturnType<typeof ownerApi>>;
let owner: Page;
let visitor: Page;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ownerApi();
  owner = (await signedInPage(browser)).page;
  visitor = (await newPage(browser)).page;
  visitor.setDefaultTimeout(15_000);
});
afterAll(async () => {
  const projects = await api.list<{ id: number; name: string }>('/api/projects');
  for (const project of projects.filter((p) => created.includes(p.name)))
    await api.remove(`/api/projects/${project.id}`);
  await browser?.close();
});

/**
 * The visitor loads `path` twice and the second answer carries the first one's ETag: the page is cached.
 * Other test files write projects meanwhile, so a list may change between two loads: tried until two agree.
 */
async function visitorHasCached(path: string): Promise<void> {
  await eventually(async () => {
    const first = await visitor.goto(path);
    const etag = await (await visitor.goto(path))!.headerValue('etag');
    return Boolean(etag) && (await first!.headerValue('etag')) === etag;
  }, `${path} is served from the cache`).toBe(true);
}

/** The visitor's next load of `path`: its status and the bytes the server sent. */
async function visitorLoads(path: string): Promise<{ status: number; html: string }> {
  const response = await visitor.goto(path);
  return { status: response!.status(), html: await response!.text() };
}

async function openDataManagement(): Promise<void> {
  await owner.goto('/data-management?tab=projects');
  await hydrated(owner);
}
const field = (form: ReturnType<Page['getByRole']>, label: string) => form.getByLabel(label, { exact: true });

describe('the owner edits and visitors see it at once', () => {
  it('creates, edits, uploads a thumbnail, changes the gallery and deletes: each shows on the next visitor load', async () => {
    // Create, in Data Management.
    const name = unique('Seen At Once');
    created.push(name);
    // The lists every project is on, whatever page of the project list it lands on.
    await visitorHasCached('/sitemap.xml');
    await visitorHasCached('/api/public/projects');
    await openDataManagement();
    const add = owner.getByRole('form', { name: 'Add project' });
    await field(add, 'Name').fill(name);
    await field(add, 'Category').fill('journeys');
    await owner.getByRole('button', { name: 'Create Project' }).click();
    await expectToast(owner, 'Project created successfully!');
    const id = (await api.list<{ id: number; name: string }>('/api/projects')).find((p) => p.name === name)!.id;
    expect((await visitorLoads('/sitemap.xml')).html).toContain(`/public-projects/${id}<`);
    expect((await visitorLoads('/api/public/projects')).html).toContain(name);

    // Edit: rename it in the same form.
    const renamed = unique('Renamed At Once');
    created.push(renamed);
    await visitorHasCached(`/public-projects/${id}`);
    await owner.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = owner.getByRole('form', { name: `Edit ${name}` });
    await field(edit, 'Name').fill(renamed);
    await forgetToast(owner);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(owner, 'Project updated successfully!');
    const editedPage = (await visitorLoads(`/public-projects/${id}`)).html;
    expect(editedPage).toContain(renamed);
    expect(editedPage).not.toContain(name);

    // A thumbnail, uploaded from the project list.
    await visitorHasCached(`/public-projects/${id}`);
    await owner.goto('/projects');
    await owner.getByPlaceholder('Search projects...').fill(renamed);
    // The search replaces the list (a moment later): its upload buttons hydrate after that, so wait for both.
    await waitForSearch(owner, renamed);
    await waitForIslands(owner);
    const chooser = owner.waitForEvent('filechooser');
    await owner.getByRole('button', { name: `Upload a thumbnail for ${renamed}` }).click();
    await (await chooser).setFiles(await pngFile('cover.png', '#3355aa'));
    await eventually(async () => (await readProject(id))?.imageUrl).toMatch(/^\/api\/images\/[a-z0-9]+$/);
    const imageUrl = (await readProject(id))!.imageUrl!;
    expect((await visitorLoads(`/public-projects/${id}`)).html).toContain(imageUrl);

    // A gallery picture, added on the project's page.
    await visitorHasCached(`/projects/${id}`);
    expect(await visitor.locator('[data-gallery-title]').count()).toBe(0);
    await owner.goto(`/projects/${id}`);
    await waitForIslands(owner);
    const picker = owner.waitForEvent('filechooser');
    await owner.getByRole('button', { name: 'Upload First Image' }).click();
    await (await picker).setFiles(await pngFile('seen-at-once.png', '#aa5533'));
    await expectToast(owner, 'Image uploaded to gallery!');
    await visitorLoads(`/projects/${id}`);
    expect(await visitor.locator('[data-gallery-title]').allTextContents()).toContain('seen-at-once');

    // Delete, in Data Management: the page is gone and the list no longer names it.
    await visitorHasCached(`/public-projects/${id}`);
    await visitorHasCached('/sitemap.xml');
    await openDataManagement();
    await owner.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = owner.getByRole('dialog', { name: 'Delete this project?' });
    await forgetToast(owner);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(owner, 'Project deleted successfully!');
    expect((await visitorLoads(`/public-projects/${id}`)).status).toBe(404);
    expect((await visitorLoads('/sitemap.xml')).html).not.toContain(`/public-projects/${id}<`);
  });
});
