import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * HTML_CodeSniffer's WCAG 2 AA rules, run in the page as axe is (pa11y's own install downloads a browser,
 * which cannot work here). The script is evaluated, not added as a <script>: the pages' Content-Security-Policy
 * allows only their own scripts.
 */
const source = readFileSync(createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

/** Zero errors (notices and warnings are for people to judge), each reported by rule and element. */
export async function expectNoHtmlCodeSnifferErrors(page: Page, label = page.url()): Promise<void> {
  await page.evaluate(source);
  const errors = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process: (standard: string, root: Document, done: () => void) => void;
              getMessages: () => { type: number; code: string; element: Element }[];
            };
          }
        ).HTMLCS;
        htmlcs.process('WCAG2AA', document, () =>
          resolve(
            htmlcs
              .getMessages()
              .filter((message) => message.type === 1)
              .map(
                (message) =>
                  `${message.code}: ${(message.element as Element).outerHTML?.slice(0, 160) ?? message.element.nodeName}`,
              ),
          ),
        );
      }),
  );
  expect(errors, `HTML_CodeSniffer errors on ${label}`).toEqual([]);
}
