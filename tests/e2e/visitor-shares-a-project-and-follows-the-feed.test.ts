import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects } from '#api/seed/data.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

/*
 * A visitor on a phone opens a project to share it: the link a chat app would unfurl names a share card,
 * and that card is a 1200×630 picture the browser can show. The feed the page advertises lists the project.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const first = demoProjects[0]!;

describe('a visitor shares a project and follows the feed', () => {
  it('opens a project from the portfolio, and its share card is a 1200×630 picture of it', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/public-projects');
    await page.getByPlaceholder('Search projects...').fill(first.name);
    await page.getByRole('link', { name: new RegExp(first.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    await page.waitForURL(/\/public-projects\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(first.name);

    const card = await page.locator('meta[property="og:image"]').getAttribute('content');
    const alt = await page.locator('meta[property="og:image:alt"]').getAttribute('content');
    expect(card).toMatch(/\/og\/projects\/\d+\.png\?v=[0-9a-f]{12}$/);
    expect(alt).toContain(first.name);
    expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(card);

    // What an app does with the link: fetch the card and show it.
    const response = await page.goto(card!);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('image/png');
    const size = await page.evaluate(async () => {
      const image = document.images[0]!;
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(size).toEqual({ width: 1200, height: 630 });
    await context.close();
  });

  it('follows the feed the landing page names, and finds the projects there', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    const feed = await page.locator('link[rel="alternate"][type="application/feed+json"]').getAttribute('href');
    const rss = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    const json = await page.goto(feed!);
    expect(json?.headers()['content-type']).toContain('application/feed+json');
    const titles = ((await json!.json()) as { items: { title: string }[] }).items.map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(demoProjects.map((project) => project.name)));
    const xml = await page.goto(rss!);
    expect(xml?.headers()['content-type']).toContain('application/rss+xml');
    expect(await xml!.text()).toContain(`<title><![CDATA[${first.name}]]></title>`);
    await context.close();
  });
});
