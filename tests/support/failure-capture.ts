import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

/*
 * What a failed test leaves to read (tests/support/worker-server.ts calls `captureFailure`): a screenshot and the
 * HTML of every page still open, the HTML of pages closed during the test (a `finally` closes them before the
 * failure is known), and the last lines of the worker's server log, under inject('failuresDir'), which the
 * global teardown prints.
 */
const browsers = new Set<Browser>();
let closedPages: Array<{ url: string; html: string }> = [];

export function watchBrowser(browser: Browser): Browser {
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  return browser;
}

/** Keeps the page's HTML when its context closes: cheap, and all that is left of it if the test then fails. */
export function watchContext(context: BrowserContext, page: Page): void {
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    if (!page.isClosed()) {
      const html = await page.content().catch(() => null);
      if (html !== null) closedPages.push({ url: page.url(), html });
    }
    return close(...args);
  };
}

export function forgetClosedPages(): void {
  closedPages = [];
}

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 80) || 'test';

export async function captureFailure(testPath: string, serverLogTail: string): Promise<string> {
  const folder = join(inject('failuresDir'), slug(testPath));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'server-log-tail.txt'), `${serverLogTail}\n`);
  let index = 0;
  for (const { url, html } of closedPages) writeFileSync(join(folder, `closed-page-${++index}.html`), `<!-- ${url} -->\n${html}`);
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const name = `open-page-${++index}`;
        await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true, timeout: 10_000 }).catch(() => {});
        const html = await page.content().catch(() => '');
        writeFileSync(join(folder, `${name}.html`), `<!-- ${page.url()} -->\n${html}`);
      }
    }
  }
  appendFileSync(join(inject('failuresDir'), 'index.txt'), `${testPath}\n  ${folder}\n`);
  return folder;
}
