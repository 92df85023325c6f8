import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { signedInPage } from './owner-journey.ts';

const ADMIN_PAGES = ['/data-management', '/data-management?tab=kpis', '/bulk-import', '/diary', '/lab', '/mind-body'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the owner's pages do not exist for anyone else", () => {
  it.each(ADMIN_PAGES)('%s answers the 404 page with status 404 to a visitor', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
    // Not even the page's heading leaks.
    expect(html).not.toMatch(/Data Management|Quick Project Import|Personal Diary|Mind &amp; Body<\/h1>/);
  });

  it.each(ADMIN_PAGES)('%s answers the 404 page with status 404 to a signed-in viewer', async (path) => {
    const response = await call(path, { cookie: await sessionCookie('viewer') });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Page Not Found');
  });

  it.each(ADMIN_PAGES)('%s is served to the admin', async (path) => {
    const response = await call(path, { cookie: await sessionCookie('admin') });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('shows a viewer in the browser the 404 page in place of Data Management', async () => {
    const { context, page } = await signedInPage(browser, 'viewer');
    const response = await page.goto('/data-management');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    expect(await page.getByRole('form').count()).toBe(0);
    await context.close();
  });

  it('shows a visitor in the browser the 404 page in place of the diary', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/diary');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await context.close();
  });
});
