import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';

/*
 * The harness's Chromium (scripts/chromium.ts) opens a window per test page. Chromium 156 preloaded the address
 * bar's popup, a page of its own in a renderer of its own, in every one of them, though headless never shows it
 * (half a second of CPU per window): CHROMIUM_FLAGS turn it off. This fails if a flag is lost or renamed.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the tests' browser", () => {
  it('opens a window with the page and no hidden address-bar popup page', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      await cdp.detach();
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
      expect(targetInfos.some((target) => target.type === 'page' && target.url.startsWith(page.url()))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
