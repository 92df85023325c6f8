import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { STORAGE_KEYS } from '#domain/vocabulary.ts';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';

/** Waits until every React island on the page has hydrated (Astro drops the `ssr` attribute then). */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/**
 * Records the class of <html> at the moment <body> is created, i.e. before anything is painted:
 * what a "no flash of the wrong theme" check needs. Read it with `classBeforePaint(page)`.
 */
export async function recordClassBeforePaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { __classBeforePaint: string }).__classBeforePaint = document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

export function classBeforePaint(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __classBeforePaint?: string }).__classBeforePaint ?? '');
}

/** The names (h2) on the project cards that the filters leave visible. */
export async function visibleNames(page: Page): Promise<string[]> {
  // h2:visible leaves out hidden cards and the headings of closed dialogs.
  const names = await page.locator('.project-card h2:visible').allTextContents();
  return names.map((name) => name.trim());
}

/**
 * Waits until a project list shows the search typed into its box: the server answers it, and the
 * list is swapped in (the address gets `?q=` then); cards seen before that may still be replaced.
 */
export async function waitForSearch(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (q) => new URL(location.href).searchParams.get('q') === q && !document.querySelector('[data-refresh="project-list"][aria-busy]'),
    text.trim(),
  );
}

/**
 * The card names of the list on screen and of its later pages (the list shows one page at a time, with
 * the search and category in its page links): fetched through the page's own 'Next page' links.
 */
export async function namesOnEveryPage(page: Page): Promise<string[]> {
  const names = await visibleNames(page);
  const link = page.locator('nav[aria-label="Pages of projects"] a[rel="next"]');
  let next = (await link.count()) > 0 ? await link.getAttribute('href') : null;
  for (let pages = 1; next && pages < 50; pages++) {
    const html = await (await page.request.get(new URL(next, page.url()).href)).text();
    for (const match of html.matchAll(/data-search-text="name">([^<]*)</g)) names.push(decodeEntities(match[1]!.trim()));
    next = /<a href="([^"]+)" rel="next"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
  }
  return names;
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * expect.poll with room for a busy machine (its default gives up after one second): waits until the
 * value matches, up to 15 s. Not a timing assertion: any time under the limit passes.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: 15_000, interval: 100, message });
}

/** The name of what has keyboard focus: its aria-label, its label (fields) or its text (buttons, links). */
export function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body) return null;
    return element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent?.trim() ?? element.textContent?.trim() ?? null;
  });
}

/** Presses Tab, as a keyboard-only person would, until focus is on the element named `name`. */
export async function tabTo(page: Page, name: string, limit = 300): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}" in ${limit} presses`);
}

/**
 * Settings a person chose earlier on this device, in storage before the page loads (the head script
 * applies them before first paint, exactly as for a returning visitor). With `synced`, a signed-in
 * person's device is already in step with the account, so the preference sync does not replace them.
 * Never add the classes on <html> by hand: only this, or the drawer, is a path a person can take.
 */
export async function storeSettingsBeforeLoad(
  page: Page,
  settings: Partial<AccessibilitySettings>,
  { synced = true }: { synced?: boolean } = {},
): Promise<void> {
  await page.addInitScript(
    ([keys, value, inStep]) => {
      localStorage.setItem(keys.accessibility, value);
      if (inStep) localStorage.setItem(keys.accessibilitySynced, 'true');
    },
    [STORAGE_KEYS, JSON.stringify(settings), synced] as const,
  );
}

/**
 * Holds every script the build emitted (the islands' too) until `release()`: a slow phone shows a form for
 * seconds before its script runs, and people type at once.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/_astro\/[^?]*\.js(\?|$)/, (route) => (released ? route.continue() : void held.push(route)));
  return async function release() {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}
