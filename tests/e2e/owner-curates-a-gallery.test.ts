import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { createProject, ownerCall, pngFile } from '../support/owner-api.ts';
import { eventually, waitForIslands } from '../support/page-helpers.ts';
import { sessionCookie, signIn } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

let browser: Browser;
let cookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
});

type Image = { id: number; title: string; description: string; category: string; order: number; imageUrl: string };
const gallery = async (projectId: number) => (await (await fetch(new URL(`/api/projects/${projectId}/gallery`, workerServer().baseUrl))).json()) as Image[];
const toast = (page: Page) => page.locator('#toast-region [role="status"]');
const tileTitles = (page: Page) => page.locator('[data-gallery-item]:visible [data-gallery-title]').allTextContents();

async function pick(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await waitForIslands(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

describe('the owner curates a project gallery', () => {
  it('uploads pictures that survive a reload, edits one and deletes it', async () => {
    const project = await createProject(cookie);
    const { context, page } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto(`/projects/${project.id}`);
    expect(await page.getByText('No images in this category yet.').isVisible()).toBe(true);

    await pick(page, 'Upload First Image', await pngFile('brand-board.final.png'));
    await eventually(() => toast(page).textContent()).toContain('Image uploaded to gallery!');
    await eventually(() => tileTitles(page)).toEqual(['brand-board.final']);
    await pick(page, 'Add Image', await pngFile('second.png', '#ff8ad8'));
    await eventually(() => tileTitles(page)).toEqual(['brand-board.final', 'second']);

    // Saved on the server: there after a reload, titled after the file, placed last, uncategorized.
    await page.reload();
    expect(await tileTitles(page)).toEqual(['brand-board.final', 'second']);
    const saved = await gallery(project.id);
    expect(saved.map(({ title, description, category, order }) => ({ title, description, category, order }))).toEqual([
      { title: 'brand-board.final', description: '', category: 'uncategorized', order: 1 },
      { title: 'second', description: '', category: 'uncategorized', order: 2 },
    ]);

    // Edit: title, description and category.
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Edit brand-board.final' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit image' });
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('is required').waitFor();
    await edit.getByLabel('Title').fill('Brand board');
    await edit.getByLabel('Description').fill('Colours, type and the logo on one sheet.');
    await edit.getByLabel('Category').selectOption('branding');
    await edit.getByRole('button', { name: 'Save' }).click();
    await eventually(() => tileTitles(page)).toEqual(['Brand board', 'second']);
    await page.getByRole('button', { name: 'Branding', exact: true }).click();
    await eventually(() => tileTitles(page)).toEqual(['Brand board']);
    await page.getByRole('button', { name: 'Logo', exact: true }).click();
    await eventually(() => tileTitles(page)).toEqual([]);
    expect(await page.getByText('No images in this category yet.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    expect((await gallery(project.id))[0]).toMatchObject({ title: 'Brand board', description: 'Colours, type and the logo on one sheet.', category: 'branding' });

    // Delete after confirming.
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Delete second' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => tileTitles(page)).toEqual(['Brand board']);
    await page.reload();
    expect(await tileTitles(page)).toEqual(['Brand board']);
    await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
    await context.close();
  });

  it('refuses a file that is not an image and reports a failed upload', async () => {
    const project = await createProject(cookie);
    const { context, page } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto(`/projects/${project.id}`);
    await pick(page, 'Add Image', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await eventually(() => toast(page).textContent()).toContain('Invalid file type');

    await page.route('**/api/upload-image', (route) => route.fulfill({ status: 500, body: 'down' }));
    await pick(page, 'Add Image', await pngFile('fails.png'));
    await eventually(() => toast(page).textContent()).toContain('Upload failed');
    expect(await toast(page).textContent()).toContain('Failed to upload image to gallery.');
    expect(await gallery(project.id)).toEqual([]);
    await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
    await context.close();
  });
});
