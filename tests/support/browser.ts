import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { watchBrowser, watchContext } from './failure-capture.ts';
import { trackRequests } from './network-quiet.ts';
import { workerServer } from './worker.ts';

/**
 * The worker's Chromium (tests/support/global-setup.ts launches one per worker for the whole run). Its contexts
 * are the file's own; `close()` closes them and lets go of the browser, which the next file connects to again.
 */
export async function launchBrowser(): Promise<Browser> {
  return watchBrowser(await chromium.connect(workerServer().browserEndpoint));
}

export const baseUrl = () => workerServer().baseUrl;

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh context (no cookies, no storage) and page on the test server. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  watchContext(context, page);
  trackRequests(page);
  return { context, page };
}
