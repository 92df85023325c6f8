import { EventEmitter } from 'node:events';
import type { Page, Request } from 'playwright-core';

/*
 * "The page's requests are answered": what a person waits for before reading a section that loads late.
 * Playwright's 'networkidle' says the same but only after 500 ms of silence, half a second of every scan of
 * the accessibility matrices; here a short quiet spell after the last answer is enough, because the pages
 * start any follow-up request (an island's data after its script) within a frame of the previous answer.
 */

interface Traffic {
  inFlight: Set<Request>;
  changes: EventEmitter;
}

const traffic = new WeakMap<Page, Traffic>();

/** Starts counting the page's requests (newPage does it for every page; idempotent). */
export function trackRequests(page: Page): Traffic {
  const known = traffic.get(page);
  if (known) return known;
  const state: Traffic = { inFlight: new Set(), changes: new EventEmitter() };
  // Open-ended streams never finish, so they are not waited for.
  const counted = (request: Request) => !['eventsource', 'websocket'].includes(request.resourceType());
  const end = (request: Request) => {
    if (state.inFlight.delete(request)) state.changes.emit('change');
  };
  page.on('request', (request) => {
    if (!counted(request)) return;
    state.inFlight.add(request);
    state.changes.emit('change');
  });
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  traffic.set(page, state);
  return state;
}

/** Resolves once no request of the page has been in flight for `quietMs`; rejects after `timeoutMs`. */
export function networkQuiet(page: Page, quietMs = 150, timeoutMs = 15_000): Promise<void> {
  const state = trackRequests(page);
  return new Promise((resolve, reject) => {
    let quiet: NodeJS.Timeout | undefined;
    const finish = (error?: Error) => {
      clearTimeout(quiet);
      clearTimeout(limit);
      state.changes.off('change', check);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      if (state.inFlight.size === 0) quiet = setTimeout(() => finish(), quietMs);
    };
    const limit = setTimeout(() => {
      const urls = [...state.inFlight].map((request) => request.url());
      finish(new Error(`Requests still unanswered after ${timeoutMs} ms: ${urls.join(', ')}`));
    }, timeoutMs);
    state.changes.on('change', check);
    check();
  });
}

/**
 * As networkQuiet, for a page just loaded: one with no island and no module script (every public page) asks for
 * nothing after its load event, so only what is already in flight (a chosen typeface's font) is waited for,
 * without the quiet spell.
 */
export async function pageQuiet(page: Page): Promise<void> {
  const runsScripts = await page.evaluate(() => document.querySelector('astro-island, script[src], script[type="module"]') !== null);
  await networkQuiet(page, runsScripts ? undefined : 0);
}
