import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../support/a11y-matrix.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { createProject, ownerCall, pngFile } from '../support/owner-api.ts';
import { sameOriginHeaders, sessionCookie, useCookie } from '../support/sign-in.ts';
import { base } from '../support/http.ts';

/*
 * A live demo that stops answering (DEMO_CHECK): the checker's pass runs through the test switch (the periodic
 * job runs the same pass), against a demo server of this file on this machine (loopback is allowed for tests
 * only). Never checked: pages as SPEC draws them; answering: the owner sees it; silent: visitors see
 * "Demo offline since <date>" with the picture instead of the frame; answering again: back by itself.
 */
let browser: Browser;
let admin = '';
let demo: http.Server;
let demoUrl = '';
let answering = true;
let imageUrl = '';
const made: number[] = [];

/** A completed project of the test's own whose live demo is the local server (each test stands alone). */
async function demoProject(): Promise<{ id: number; name: string }> {
  const project = await createProject(admin, { status: 'completed', url: demoUrl, imageUrl });
  made.push(project.id);
  return project;
}

const check = async () => {
  const response = await ownerCall(admin, 'POST', '/api/test/check-demos');
  expect(response.status, await response.clone().text()).toBe(200);
};
const visitorHtml = async (path: string) => (await call(path)).text();
/** This project's card on the owner's project list (other projects' demos are checked too). */
const ownerCard = async (project: { id: number }) => {
  const html = await (await call('/projects', { cookie: admin })).text();
  const start = html.indexOf(`id="project-${project.id}-name"`);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</article>', start));
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
  demo = http.createServer((_req, res) => (answering ? res.end('<h1>Live demo</h1>') : res.writeHead(503).end()));
  await new Promise<void>((resolve) => demo.listen(0, '127.0.0.1', resolve));
  demoUrl = `http://127.0.0.1:${(demo.address() as AddressInfo).port}/demo`;
  const file = await pngFile('screen.png', '#3a86ff');
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const uploaded = await fetch(new URL('/api/upload-image', base()), { method: 'POST', headers: sameOriginHeaders(admin), body: form });
  imageUrl = ((await uploaded.json()) as { imageUrl: string }).imageUrl;
});
afterAll(async () => {
  for (const id of made) await ownerCall(admin, 'DELETE', `/api/projects/${id}`);
  demo?.closeAllConnections();
  await new Promise((resolve) => demo?.close(resolve));
  await browser?.close();
});

describe('a live demo that goes offline and comes back', () => {
  it('looks as it does today until checked, then the owner sees it answering', async () => {
    answering = true;
    const project = await demoProject();
    expect(await visitorHtml(`/public-projects/${project.id}`)).not.toContain('Demo offline');
    await check();
    expect(await visitorHtml(`/public-projects/${project.id}`)).not.toContain('Demo offline');
    expect(await ownerCard(project)).toMatch(/Demo answering \(checked /);
    // Only the owner sees the checker's state on the list.
    expect(await visitorHtml('/projects')).not.toContain('data-demo-status');
  });

  it('shows a silent demo as offline to a visitor on a phone, with the picture instead of the frame, until it answers again', async () => {
    const project = await demoProject();
    answering = false;
    await check();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`/public-projects/${project.id}`);
    const note = page.locator('[data-demo-offline]');
    await expect.poll(() => note.textContent()).toMatch(/Demo offline since \w+/);
    // Beside 'View Project', which still leads to the address.
    expect(await page.getByRole('link', { name: /View Project/ }).getAttribute('href')).toBe(demoUrl);

    // The showcase's preview: the words and the screenshot, no frame.
    await page.goto('/portfolio-showcase');
    await page.locator(`[data-dialog-open="project-preview-${project.id}"]`).click();
    const dialog = page.locator(`#project-preview-${project.id}`);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('[data-demo-offline]').textContent()).toMatch(/Demo offline since/);
    expect(await dialog.getByRole('img', { name: `Screenshot of ${project.name}` }).isVisible()).toBe(true);
    expect(await dialog.locator('iframe').count()).toBe(0);
    await context.close();
    expect(await ownerCard(project)).toMatch(/Demo offline since .* \(checked /);

    // The new states pass axe in light and dark: the page's note, the preview's note, the owner's list.
    for (const colorScheme of ['light', 'dark'] as const) {
      const visitor = await newPage(browser, { colorScheme, width: 390, height: 844 });
      await visitor.page.goto(`/public-projects/${project.id}`);
      await settle(visitor.page);
      await expectNoAxeViolations(visitor.page, `offline demo on the project page, ${colorScheme}`);
      await visitor.page.goto('/portfolio-showcase');
      await visitor.page.locator(`[data-dialog-open="project-preview-${project.id}"]`).click();
      await expect.poll(() => visitor.page.locator(`#project-preview-${project.id} [data-demo-offline]`).isVisible()).toBe(true);
      await settle(visitor.page);
      await expectNoAxeViolations(visitor.page, `offline demo in the showcase preview, ${colorScheme}`);
      await visitor.context.close();
      const owner = await newPage(browser, { colorScheme });
      await useCookie(owner.context, admin);
      await owner.page.goto('/projects');
      await settle(owner.page);
      await expectNoAxeViolations(owner.page, `demo states on the owner's list, ${colorScheme}`);
      await owner.context.close();
    }

    // It recovers by itself: the next pass finds it answering.
    answering = true;
    await check();
    expect(await visitorHtml(`/public-projects/${project.id}`)).not.toContain('Demo offline');
    const again = await newPage(browser, { width: 390, height: 844 });
    await again.page.goto('/portfolio-showcase');
    await again.page.locator(`[data-dialog-open="project-preview-${project.id}"]`).click();
    await expect.poll(() => again.page.locator(`#project-preview-${project.id} iframe`).count()).toBe(1);
    await again.context.close();
  });

  it('forgets the state when the address changes, and never looks at a private one', async () => {
    const project = await demoProject();
    answering = false;
    await check();
    expect(await visitorHtml(`/public-projects/${project.id}`)).toContain('Demo offline');
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { url: 'http://169.254.169.254/latest/meta-data/' })).status).toBe(200);
    expect(await visitorHtml(`/public-projects/${project.id}`)).not.toContain('Demo offline');
    await check();
    // Refused before any connection: nothing is known, so the page stays as SPEC draws it.
    expect(await visitorHtml(`/public-projects/${project.id}`)).not.toContain('Demo offline');
    expect(await ownerCard(project)).not.toContain('Demo offline');
  });

  it('runs the pass for the owner only', async () => {
    expect((await call('/api/test/check-demos', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/test/check-demos', { method: 'POST', cookie: await sessionCookie('viewer') })).status).toBe(403);
  });
});
