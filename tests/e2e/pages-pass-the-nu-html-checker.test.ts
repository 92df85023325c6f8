import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import vnuJar from 'vnu-jar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { networkQuiet } from '../support/network-quiet.ts';
import { ADMIN_ROUTES, VIEWER_ROUTES, VISITOR_ROUTES } from '../support/routes.ts';
import { sessionCookie, useCookie } from '../support/sign-in.ts';

/*
 * The Nu HTML Checker (the W3C's validator, npm vnu-jar) over every route of tests/support/routes.ts as the
 * visitor, a viewer and the owner receive it from the server, and over the same pages' DOM once the islands have
 * hydrated (what React renders is checked too, not only what Astro sends). Every document goes into one folder
 * and the checker runs once over all of them: one JVM start. docs/decisions/025-independent-checkers.md says why.
 */

const WHO = [
  // The sign-in and sign-out pages are HTML too, answered by api/http/ rather than by Astro pages.
  ['visitor', [...VISITOR_ROUTES, '/api/login', '/api/login/recovery-code', '/api/logout']],
  ['viewer', VIEWER_ROUTES],
  ['owner', ADMIN_ROUTES],
] as const;

/**
 * What the checker says of valid current CSS it does not know yet (its CSS grammar predates these), matched by
 * message (and, where the message is generic, by the text it quotes). Each is a gap of the checker or a line we do
 * not write, not an error of the page; anything else it reports fails the test.
 */
const CHECKER_GAPS: RegExp[] = [
  // Tailwind 4 declares its variables with @property (CSS Properties and Values API, in every current browser).
  /^CSS: Unrecognized at-rule “@property”/,
  // Entry animations of dialogs and popovers (CSS Transitions 2), and the discrete transitions that go with them.
  /^CSS: Unrecognized at-rule “@starting-style”/,
  /^CSS: “transition”: “allow-discrete” is not a “transition” value/,
  // Scroll-driven animations (the reading progress bar): the timeline and the `auto` duration they use.
  /^CSS: “animation-timeline”: Property “animation-timeline” doesn't exist/,
  /^CSS: “animation-duration”: “auto” is not a “animation-duration” value/,
  // Anchor positioning (the theme menu's popover) and margin-trim (CSS Box Model 4).
  /^CSS: “position-area”: Property “position-area” doesn't exist/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
  // A custom property is a valid transition-property (Tailwind's gradient transitions name theirs).
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value/,
  // ::highlight(read-aloud), the CSS Custom Highlight API's pseudo-element (the read-aloud word): the parser stops at it.
  /^CSS: (“[\w-]+”: )?Parse Error\. .*ight\(read-aloud\)/,
  // Astro writes its island style (astro-island{display:contents}) just before a page's first island, wherever that
  // is; no setting moves it to <head>. The checker accepts <style> in <body> only as its parent's first child.
  /^A “style” element in “body” must be the first child of its parent\. .*<style>astro-$/,
];

interface Message {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

let browser: Browser;
const cookies: Record<string, string | null> = { visitor: null };
const folder = mkdtempSync(join(tmpdir(), 'nu-checker-'));
beforeAll(async () => {
  browser = await launchBrowser();
  cookies.viewer = await sessionCookie('viewer');
  cookies.owner = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * Every page inlines the site's stylesheets: the checker reads each one once (the first document that has it), not
 * in all 84, which halves its time. Short style blocks (Astro's island style) stay where they are.
 */
const stylesheetsSeen = new Set<string>();
const onceEach = (html: string) =>
  html.replace(/(<style\b[^>]*>)([\s\S]*?)<\/style>/g, (block, open: string, css: string) => {
    if (css.length >= 1000 && stylesheetsSeen.has(css)) return `${open}</style>`;
    stylesheetsSeen.add(css);
    return block;
  });

const fileName = (who: string, source: string, path: string) =>
  `${who}-${source}${path.replace(/[^a-z0-9]+/gi, '_')}.html`;

/** The page's DOM after every island has hydrated (client:visible ones are scrolled into view to wake them). */
async function hydratedHtml(context: BrowserContext, path: string): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(path);
    await page
      .waitForFunction(
        () => {
          const waiting = document.querySelector('astro-island[ssr]');
          // The island itself is display: contents; client:visible watches its children.
          (waiting?.firstElementChild ?? waiting)?.scrollIntoView({ block: 'center' });
          return !waiting;
        },
        undefined,
        { timeout: 15_000 },
      )
      .catch(async () => {
        const left = await page.evaluate(() =>
          [...document.querySelectorAll('astro-island[ssr]')].map(
            (island) => `${island.getAttribute('component-url')} (${island.getAttribute('client')})`,
          ),
        );
        throw new Error(`${path}: islands never hydrated: ${left.join(', ')}`);
      });
    await networkQuiet(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await page.content();
  } finally {
    await page.close();
  }
}

describe('the Nu HTML Checker', () => {
  it('finds no error in any page, as served and as hydrated', { timeout: 240_000 }, async () => {
    for (const [who, paths] of WHO) {
      const cookie = cookies[who] ?? null;
      await Promise.all(
        paths.map(async (path) => {
          const response = await call(path, { cookie, headers: { Accept: 'text/html' } });
          expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
          writeFileSync(join(folder, fileName(who, 'server', path)), onceEach(await response.text()));
        }),
      );
      const { context } = await newPage(browser, { width: 390, height: 844 });
      if (cookie) await useCookie(context, cookie);
      // Two pages at a time: one per core.
      const queue = [...paths];
      await Promise.all(
        [0, 1].map(async () => {
          for (let path = queue.shift(); path; path = queue.shift())
            writeFileSync(join(folder, fileName(who, 'hydrated', path)), onceEach(await hydratedHtml(context, path)));
        }),
      );
      await context.close();
    }

    // A document made to fail: a checker that silently passed everything (or a filter too wide) would show here.
    writeFileSync(join(folder, 'canary.html'), '<!doctype html><html lang="en"><title>Canary</title><img alt="">');
    const checkerStarted = performance.now();
    const { stderr } = await promisify(execFile)(
      'java',
      [
        '-Xss4m',
        '-jar',
        String(vnuJar),
        '--format',
        'json',
        '--errors-only',
        '--no-langdetect',
        '--exit-zero-always',
        folder,
      ],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const checkerSeconds = ((performance.now() - checkerStarted) / 1000).toFixed(1);
    const { messages } = JSON.parse(stderr) as { messages: Message[] };
    const canary = messages.filter((message) => message.url.endsWith('/canary.html'));
    expect(canary.map((message) => message.message)).toContain(
      'Element “img” is missing one or more of the following attributes: “src”, “srcset”.',
    );
    const errors = messages.filter(
      (message) => !canary.includes(message) && (message.type === 'error' || message.subType === 'fatal'),
    );
    const real = errors.filter(
      (error) => !CHECKER_GAPS.some((pattern) => pattern.test(`${error.message} ${error.extract ?? ''}`)),
    );
    // One line per message, with the documents it is in: the same component repeats an error on many pages.
    const byMessage = new Map<string, Set<string>>();
    for (const error of real) {
      const key = `${error.message} [${(error.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)}]`;
      byMessage.set(key, (byMessage.get(key) ?? new Set()).add(error.url.replace(/^.*\//, '')));
    }
    const lines = [...byMessage].map(
      ([message, files]) => `${message} in ${files.size} documents, e.g. ${[...files].slice(0, 3).join(', ')}`,
    );
    console.log(
      `Nu HTML Checker: ${errors.length} errors, ${errors.length - real.length} of them known gaps of the checker (its run: ${checkerSeconds} s)`,
    );
    expect(lines).toEqual([]);
  });
});
