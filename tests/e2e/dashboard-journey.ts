import type { Browser, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, type PageOptions } from '../support/browser.ts';
import { sameOriginHeaders, sessionCookie, signIn, type Role } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/** Shared steps of the dashboard journeys (not a test file itself). */

const cookies = new Map<string, Promise<string>>();

/**
 * One session per role per file: signing in is the slow part, and the dashboard only reads. Kept by file, since
 * a worker's files share this module (isolate: false) and each file starts from the seed, without the sessions.
 */
export function cookieFor(role: Role): Promise<string> {
  const key = `${expect.getState().testPath} ${role}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = sessionCookie(role);
    cookies.set(key, cookie);
  }
  return cookie;
}

/** A signed-in page on the dashboard, optionally with routes set up before the first request. */
export async function openDashboard(
  browser: Browser,
  options: PageOptions & { role?: Role; before?: (page: Page) => Promise<unknown> } = {},
) {
  const { context, page } = await newPage(browser, options);
  await signIn(context, options.role ?? 'admin');
  await options.before?.(page);
  await page.goto('/');
  return { context, page };
}

/** A JSON call to the API as the owner (writes carry the same-origin header a page would send). */
export async function asOwner<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, workerServer().baseUrl), {
    method,
    headers: {
      ...sameOriginHeaders(await cookieFor('admin')),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** Scrolls a section into view the way a reader would, so its island loads. */
export async function scrollToSection(page: Page, id: string): Promise<void> {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
}

/**
 * Holds matching requests until `release()` is called: "the API is slow" without guessing how slow.
 * Each held request then continues to the real server (or answers with `reply` when given).
 */
export async function holdRequests(page: Page, url: string | RegExp, reply?: (route: Route) => Promise<void>) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(url, async (route) => {
    held++;
    await gate;
    if (reply) await reply(route);
    else await route.continue();
  });
  return { release: () => open(), held: () => held };
}

/**
 * expect.poll with room for a busy machine: vitest's default second is too short when other browsers
 * share the cores. Waiting longer never makes a wrong page pass.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: 15_000, interval: 100, message });
}
