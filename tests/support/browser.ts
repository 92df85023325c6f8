import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (or CHROME_PATH). Never a silent skip: no browser is a failure that says how to get one. */
export function chromePath(): string {
  const found = CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install it with `apt-get install -y chromium` ' +
        '(Debian) or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

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
  return { context, page };
}
