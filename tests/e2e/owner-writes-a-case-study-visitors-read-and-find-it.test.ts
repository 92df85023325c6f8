import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createProject, ownerCall, pngFile } from '../support/owner-api.ts';
import { eventually, waitForIslands } from '../support/page-helpers.ts';
import { sameOriginHeaders, sessionCookie, signIn } from '../support/sign-in.ts';

/*
 * The owner writes a case study in the editor (typing, inserting one of the project's pictures, previewing,
 * saving a draft, publishing, a save that meets a dead network and retries) and a visitor sees it at once; a
 * signed-out visitor reads a published one, follows its table of contents and finds it by searching a phrase
 * from the body, without script. Each test stands alone.
 */
let browser: Browser;
let cookie: string;
let project: { id: number; name: string };
let sketch = '';
const phrase = `lantern${Date.now().toString(36)} tide`;

async function addPicture(title: string, color: string) {
  const file = await pngFile(`${title}.png`, color);
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const uploaded = await fetch(new URL('/api/upload-image', baseUrl()), { method: 'POST', headers: sameOriginHeaders(cookie), body: form });
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  expect((await ownerCall(cookie, 'POST', `/api/projects/${project.id}/gallery`, { title, imageUrl })).status).toBe(201);
  return imageUrl;
}

beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await sessionCookie('admin');
  project = await createProject(cookie, { description: 'A chart that reads the sea.' });
  sketch = await addPicture('Pencil sketch', '#ff8ad8');
  await addPicture('Final chart', '#6fffe9');
});
afterAll(async () => {
  if (project) await ownerCall(cookie, 'DELETE', `/api/projects/${project.id}`);
  await browser?.close();
});

const editorText = (page: Page) => page.getByLabel('Case study (Markdown)');
const state = (page: Page) => page.locator('[data-case-study-state]').getAttribute('data-case-study-state');
const saveStatus = (page: Page) => page.locator('[data-save-status]').getAttribute('data-save-status');

describe('a case study, from the editor to a visitor', () => {
  it('the owner writes, inserts a picture, previews, saves a draft through a dead network, and publishes', async () => {
    // From an empty case study, whichever test ran before.
    expect((await ownerCall(cookie, 'PUT', `/api/projects/${project.id}/case-study`, { caseStudy: '', published: false })).status).toBe(200);
    const { context, page } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto('/data-management');
    await page.getByRole('link', { name: 'Case studies' }).click();
    await page.getByRole('link', { name: `Write the case study of ${project.name}` }).click();
    await page.waitForURL(`**/data-management/case-studies/${project.id}`);
    await waitForIslands(page);
    await expectNoAxeViolations(page, 'the empty editor');

    const text = editorText(page);
    await text.click();
    await text.pressSequentially('## The problem\n\nAnglers read the ');
    await page.keyboard.type(`${phrase} charts at dawn.\n\n## Sketches\n\n`);

    // A picture from the project's own list; alt text is required, and saying so is announced.
    await page.getByRole('button', { name: 'Insert picture' }).click();
    const picker = page.locator('[data-picture-picker]');
    await picker.getByText('Pencil sketch', { exact: true }).click();
    await picker.getByRole('button', { name: 'Insert' }).click();
    expect(await picker.getByRole('alert').textContent()).toContain('Alt text is required');
    expect(await picker.getByLabel('Alt text').getAttribute('aria-invalid')).toBe('true');
    await picker.getByLabel('Alt text').fill('Pencil sketch of the tide chart');
    await picker.getByRole('button', { name: 'Insert' }).click();
    await text.press('End');
    await page.keyboard.type('## What we learned\n\nLess is more.\n\n## Next\n\nPrint it.');
    expect(await text.inputValue()).toMatch(/!\[Pencil sketch of the tide chart\]\(\/api\/images\/[a-z0-9]+\)/);

    // The preview is the server's rendering: headings, the picture, the contents the page will show.
    const preview = page.locator('[data-case-study-preview]');
    await eventually(() => preview.locator('img[alt="Pencil sketch of the tide chart"]').count()).toBe(1);
    await eventually(() => preview.textContent()).toContain('table of contents shown');
    // Like the lines above: the preview follows the text a moment later, and may be swapped in just now.
    await eventually(() => preview.locator('h3#the-problem').count()).toBe(1);
    await expectNoAxeViolations(page, 'the editor with a preview');

    // A save that cannot reach the server keeps the text and tries again by itself.
    let refuse = true;
    await page.route(`**/api/projects/${project.id}/case-study`, (route) => (refuse ? route.abort('internetdisconnected') : route.continue()));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await eventually(() => saveStatus(page)).toBe('retrying');
    expect(await page.locator('[data-editor-announcement]').textContent()).toContain('Your text is kept');
    refuse = false;
    await eventually(() => saveStatus(page), 'the retry saves').toBe('saved');
    expect(await state(page)).toBe('draft');

    // A draft: visitors see the page as before; the owner's preview shows it as they will see it.
    const visitor = await newPage(browser);
    await visitor.page.goto(`/public-projects/${project.id}`);
    expect(await visitor.page.locator('[data-case-study]').count()).toBe(0);
    await page.getByRole('link', { name: /Preview as a visitor sees it/ }).click();
    await page.waitForURL(`**/case-studies/${project.id}/preview`);
    expect(await page.locator('[data-preview-notice]').textContent()).toContain('Preview of a draft');
    expect(await page.locator('[data-case-study] h3').allTextContents()).toEqual(['Contents', 'The problem', 'Sketches', 'What we learned', 'Next']);
    await expectNoAxeViolations(page, 'the owner preview');
    await page.getByRole('link', { name: 'Back to the editor' }).click();
    await waitForIslands(page);

    // Typed text survives a reload before it is saved.
    await editorText(page).press('Control+End');
    await page.keyboard.type('\n\nA last line.');
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('A last line.'), `case-study-draft:${project.id}`);
    await page.reload();
    await waitForIslands(page);
    await page.locator('[data-restored-draft]').waitFor();
    expect(await editorText(page).inputValue()).toContain('A last line.');

    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => state(page)).toBe('published');
    expect(await page.locator('[data-editor-announcement]').textContent()).toContain('Published');
    // Published: a visitor reads it at once.
    await visitor.page.reload();
    expect(await visitor.page.locator('[data-case-study]').textContent()).toContain('A last line.');
    await visitor.context.close();
    await context.close();
    // A long journey (five page loads, four axe scans, a retried save): more than one test's usual time.
  }, 240_000);

  it('a signed-out visitor finds it by a phrase from the body, without script, reads it and follows its contents', async () => {
    // Published by the owner's API here, so this test stands alone; the journey above proves the editor.
    const body = [`## The problem`, `Anglers read the ${phrase} charts at dawn.`, `## Sketches`, `![Pencil sketch of the tide chart](${sketch})`, '## What we learned', 'Less is more.', '## Next', 'Print it.'];
    const saved = await ownerCall(cookie, 'PUT', `/api/projects/${project.id}/case-study`, { caseStudy: body.join('\n\n'), published: true });
    expect(saved.status).toBe(200);
    // Script off altogether: the search is a plain form, the page and its contents plain links.
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/public-projects');
    await page.getByRole('searchbox', { name: 'Search projects' }).fill(phrase);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?q=/);
    const card = page.locator('.project-card', { hasText: project.name });
    await card.waitFor();
    const marked = await card.locator('[data-search-snippet] mark').allTextContents();
    expect(marked.slice(0, 2)).toEqual(phrase.split(' '));
    await card.getByRole('link').click();
    await page.waitForURL(`**/public-projects/${project.id}`);
    const study = page.locator('[data-case-study]');
    expect(await study.textContent()).toContain('min read');
    expect(await study.locator('img[alt="Pencil sketch of the tide chart"]').count()).toBe(1);
    await study.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'What we learned' }).click();
    await page.waitForURL(/#what-we-learned$/);
    expect(await page.locator('#what-we-learned').isVisible()).toBe(true);
    await context.close();

    // With script on, the case-study page asks for none before the person interacts.
    const reader = await newPage(browser);
    const scripts: string[] = [];
    reader.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await reader.page.goto(`/public-projects/${project.id}`, { waitUntil: 'load' });
    expect(scripts).toEqual([]);
    await expectNoAxeViolations(reader.page, 'a published case study, light');
    await reader.page.goto(`/public-projects?q=${encodeURIComponent(phrase)}`);
    await expectNoAxeViolations(reader.page, 'search results with a matching phrase, light');
    await reader.context.close();

    const dark = await newPage(browser, { colorScheme: 'dark', width: 390, height: 844 });
    await dark.page.goto(`/public-projects/${project.id}`);
    await expectNoAxeViolations(dark.page, 'a published case study, dark, phone');
    await dark.page.goto(`/public-projects?q=${encodeURIComponent(phrase)}`);
    await expectNoAxeViolations(dark.page, 'search results, dark, phone');
    await dark.context.close();
  });

  it('on a phone the editor shows writing and preview as tabs, dark theme clean', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'dark', width: 390, height: 844 });
    await signIn(context, 'admin');
    await page.goto(`/data-management/case-studies/${project.id}`);
    await waitForIslands(page);
    const write = page.getByRole('tab', { name: 'Write' });
    expect(await write.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[data-case-study-preview]').isVisible()).toBe(false);
    await write.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[data-case-study-preview]').isVisible()).toBe(true);
    expect(await editorText(page).isVisible()).toBe(false);
    await expectNoAxeViolations(page, 'the editor on a phone, dark');
    await page.goto(`/data-management/case-studies/${project.id}/preview`);
    await expectNoAxeViolations(page, 'the owner preview, dark');
    await context.close();
  });
});
