import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { createProject, ownerCall, pngFile, readProject } from '../support/owner-api.ts';
import { eventually, focusedName, tabTo, visibleNames, waitForIslands, waitForSearch } from '../support/page-helpers.ts';
import { sessionCookie, signIn } from '../support/sign-in.ts';

/*
 * The owner changes projects from the list and the showcase: thumbnail, live-demo address, screenshot,
 * delete. Each journey works on a project it creates through the API, so it never disturbs the others.
 */
let browser: Browser;
let cookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
});

async function ownerPage(options: Parameters<typeof newPage>[1] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options);
  await signIn(opened.context, 'admin');
  return opened;
}

const card = (page: Page, name: string) => page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true, level: 2 }) });
const toast = (page: Page) => page.locator('#toast-region [role="status"]');

describe('the owner manages projects on the list', () => {
  it('sees the owner tools, uploads a thumbnail and deletes the project after confirming', async () => {
    const project = await createProject(cookie, { url: 'https://example.com/journey', status: 'planned' });
    const { context, page } = await ownerPage();
    await page.goto('/projects');
    expect(await page.getByRole('link', { name: 'Add New Project' }).getAttribute('href')).toBe('/bulk-import');
    expect(await page.getByRole('link', { name: 'Manage Gallery' }).getAttribute('href')).toBe('/portfolio-showcase');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Manage Data', 'Diary', 'Lab', 'Mind & Body']) expect(await nav.getByRole('link', { name: label }).count(), label).toBe(1);
    expect(await page.getByText('Admin', { exact: true }).first().isVisible()).toBe(true);

    await page.getByPlaceholder('Search projects...').fill(project.name);
    await waitForSearch(page, project.name);
    const projectCard = card(page, project.name);
    await projectCard.waitFor();
    await waitForIslands(page);

    // Planned, so its details show no live frame although it has an address.
    await projectCard.getByRole('button', { name: /Details/ }).click();
    const details = page.getByRole('dialog', { name: project.name });
    await details.waitFor();
    expect(await details.locator('iframe').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Thumbnail: the picker takes images; the card shows the new picture once saved.
    const chooser = page.waitForEvent('filechooser');
    await projectCard.getByRole('button', { name: `Upload a thumbnail for ${project.name}` }).click();
    await (await chooser).setFiles(await pngFile('cover.png'));
    await eventually(() => toast(page).textContent()).toContain('Thumbnail updated successfully');
    await eventually(async () => (await readProject(project.id))?.imageUrl).toMatch(/^\/api\/images\/[a-z0-9]+$/);
    const imageUrl = (await readProject(project.id))!.imageUrl!;
    await eventually(() => card(page, project.name).locator('img').first().getAttribute('src')).toBe(imageUrl);
    // F8 takes the keyboard to the notifications.
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('toast-region');

    // Delete: Cancel keeps it; Delete shows 'Deleting...' while the call runs, then it is gone.
    await waitForIslands(page);
    await card(page, project.name).getByRole('button', { name: `Delete ${project.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this project?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await readProject(project.id)).not.toBeNull();

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/projects/${project.id}`, async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.continue();
    });
    await card(page, project.name).getByRole('button', { name: `Delete ${project.name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Deleting...' }).waitFor();
    expect(await confirm.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    release();
    await eventually(() => toast(page).textContent()).toContain('Project deleted successfully');
    await card(page, project.name).waitFor({ state: 'detached' });
    expect(await readProject(project.id)).toBeNull();
    await context.close();
  });

  it('says so with a destructive toast when a delete fails', async () => {
    const project = await createProject(cookie);
    const { context, page } = await ownerPage();
    await page.goto('/projects');
    await waitForIslands(page);
    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
    );
    await card(page, project.name).getByRole('button', { name: `Delete ${project.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this project?' }).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => toast(page).textContent()).toContain('Failed to delete project');
    expect(await page.locator('#toast-region [data-variant="destructive"]').count()).toBe(1);
    expect(await readProject(project.id)).not.toBeNull();
    await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
    await context.close();
  });
});

describe('the owner edits the showcase', () => {
  it('saves the live-demo address as it is typed, refusing an invalid one with a hint', async () => {
    const project = await createProject(cookie, { status: 'completed', progress: 100 });
    const { context, page } = await ownerPage();
    await page.goto('/portfolio-showcase');
    await waitForIslands(page);
    const projectCard = card(page, project.name);
    const field = projectCard.getByRole('textbox', { name: 'Live Demo URL' });

    await field.fill('not an address');
    await projectCard.getByText('Enter a full address starting with http:// or https://').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.blur();
    expect((await readProject(project.id))?.url).toBeNull();

    // Typed key by key: whatever the timing of the saves, the last value typed is the one kept.
    await field.fill('');
    await field.pressSequentially('https://example.com/typed-demo');
    await projectCard.getByText('Saved').waitFor();
    await eventually(async () => (await readProject(project.id))?.url).toBe('https://example.com/typed-demo');
    expect(await projectCard.getByRole('link', { name: /Open the live demo/ }).getAttribute('href')).toBe('https://example.com/typed-demo');

    // The preview shows the new address live (completed project) without a reload.
    await projectCard.getByRole('button', { name: /Preview/ }).click();
    const preview = page.getByRole('dialog', { name: project.name });
    expect(await preview.locator('iframe').getAttribute('src')).toBe('https://example.com/typed-demo');
    await page.keyboard.press('Escape');

    // Emptied and left: the address is cleared.
    await field.fill('');
    await field.blur();
    await eventually(async () => (await readProject(project.id))?.url).toBeNull();
    await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
    await context.close();
  });

  it('uploads a screenshot, refusing non-images and files over 10 MB', async () => {
    const project = await createProject(cookie);
    const { context, page } = await ownerPage();
    await page.goto('/portfolio-showcase');
    await waitForIslands(page);
    const projectCard = card(page, project.name);
    expect(await projectCard.getByText('Upload project screenshot').isVisible()).toBe(true);
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await card(page, project.name).getByRole('button', { name: /Choose Image|Replace/ }).click();
      await (await chooser).setFiles(file);
    };

    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await eventually(() => toast(page).textContent()).toContain('Invalid file type');
    expect(await toast(page).textContent()).toContain('Please select an image file.');

    await choose({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await eventually(() => toast(page).textContent()).toContain('File too large');
    expect(await toast(page).textContent()).toContain('Please select an image smaller than 10MB.');
    // One toast at a time: the second replaced the first.
    expect(await page.locator('#toast-region .toast').count()).toBe(1);

    await choose(await pngFile('screen.png', '#8ab4ff'));
    await eventually(() => toast(page).textContent()).toContain('Project updated successfully!');
    await eventually(async () => (await readProject(project.id))?.imageUrl).toMatch(/^\/api\/images\//);
    await card(page, project.name).getByRole('img', { name: `Screenshot of ${project.name}` }).waitFor();

    // At most 420 px wide from the medium breakpoint (this window is 1280 px).
    const shown = page.locator('#toast-region .toast');
    const box = (await shown.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(420);
    // A swipe to the right past 50 px dismisses the toast.
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await shown.waitFor({ state: 'detached' });
    await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
    await context.close();
  });
});

describe('the owner with the keyboard alone', () => {
  it('finds a project on the list and deletes it without touching the mouse', async () => {
    const project = await createProject(cookie);
    const { context, page } = await ownerPage();
    await page.goto('/projects');
    await waitForIslands(page);

    await tabTo(page, 'Search projects');
    await page.keyboard.type(project.name);
    await waitForSearch(page, project.name);
    await eventually(() => visibleNames(page)).toEqual([project.name]);
    await waitForIslands(page);
    await tabTo(page, `Delete ${project.name}`);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this project?' });
    await confirm.waitFor();
    // Cancel takes the first focus, so Enter alone never deletes; Escape gives focus back to the button.
    expect(await focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe(`Delete ${project.name}`);

    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Delete');
    await page.keyboard.press('Enter');
    await eventually(() => toast(page).textContent()).toContain('Project deleted successfully');
    await card(page, project.name).waitFor({ state: 'detached' });
    expect(await readProject(project.id)).toBeNull();
    // The button went with the card: focus is on the page heading, not lost to the page.
    await eventually(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });

  it('changes a live-demo address on the showcase without touching the mouse', async () => {
    const project = await createProject(cookie, { status: 'completed', progress: 100, url: 'https://example.com/old-demo' });
    const { context, page } = await ownerPage();
    await page.goto('/portfolio-showcase');
    await waitForIslands(page);

    // The card's own field comes just before its 'open the live demo' link.
    await tabTo(page, `Open the live demo of ${project.name} in a new tab`);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Live Demo URL');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('https://example.com/old-demo');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('https://example.com/new-demo');
    // Leaving the field saves at once.
    await page.keyboard.press('Tab');
    await eventually(async () => (await readProject(project.id))?.url).toBe('https://example.com/new-demo');
    await card(page, project.name).getByText('Saved').waitFor();
    expect(await focusedName(page)).toBe(`Open the live demo of ${project.name} in a new tab`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('https://example.com/new-demo');
    await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
    await context.close();
  });
});

describe('a signed-in viewer', () => {
  it('reads the same pages without any owner control', async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, 'viewer');
    await page.goto('/projects');
    expect(await page.getByText('Viewer', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /thumbnail/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Manage Data' }).count()).toBe(0);
    await page.goto('/portfolio-showcase');
    expect(await page.getByRole('textbox', { name: 'Live Demo URL' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Choose Image|Replace/ }).count()).toBe(0);
    await page.goto('/projects/1');
    expect(await page.getByRole('button', { name: /Add Image|Edit |Delete / }).count()).toBe(0);
    await context.close();
  });
});
