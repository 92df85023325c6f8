import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, type PageOptions } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie, signIn, staled, type Role, type SessionOptions } from '../support/sign-in.ts';

/*
 * Shared steps of the owner's journeys (tests/e2e/owner-*.test.ts).
 */

/**
 * A new page signed in through the real sign-in path; its session is stale (dangerous acts ask to confirm it is
 * the owner) unless `session.fresh`.
 */
export async function signedInPage(browser: Browser, role: Role = 'admin', options: PageOptions = {}, session: SessionOptions = {}) {
  const { context, page } = await newPage(browser, options);
  // Fail with the step that went wrong well inside the test's own 60 s.
  page.setDefaultTimeout(15_000);
  await signIn(context, role, session);
  return { context, page };
}

/** Makes the context's session forget when it signed in, as a session from weeks ago (dangerous acts ask again). */
export async function makeStale(context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies()).find((item) => item.name === 'session' || item.name === '__Host-session')!;
  await staled(`${cookie.name}=${cookie.value}`);
}

/** A passkey authenticator on the page's device (Chrome's virtual one), answering without a prompt. */
export async function addAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** The owner adds a passkey named `name` at /data-management/passkeys (the session must be fresh). */
export async function addPasskey(context: BrowserContext, page: Page, name: string): Promise<void> {
  await addAuthenticator(context, page);
  await page.goto('/data-management/passkeys');
  await hydrated(page);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added');
}

/**
 * Every island on the page has hydrated. Astro's `ssr` attribute goes when hydration starts, before
 * React has finished it; the admin islands mark their root with data-hydrated once it has.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island').length === document.querySelectorAll('astro-island [data-hydrated]').length);
}

/**
 * The toast the owner sees in the site's Toaster (#toast-region, on every page), with its exact title
 * and variant. Call forgetToast first when the same title may repeat.
 */
export async function expectToast(page: Page, title: string, variant: 'default' | 'destructive' = 'default'): Promise<void> {
  await page.waitForFunction(
    ([t, v]) =>
      [...(document.getElementById('toast-region')?.querySelectorAll('[data-variant]') ?? [])].some(
        (toast) => toast.getAttribute('data-variant') === v && toast.querySelector('p')?.textContent === t,
      ),
    [title, variant] as const,
  );
}

/** Dismisses the toast on show, if any, so the next expectToast sees only a new one. */
export async function forgetToast(page: Page): Promise<void> {
  const dismiss = page.locator('#toast-region').getByRole('button', { name: 'Dismiss notification' });
  if (await dismiss.count()) {
    await dismiss.click();
    await dismiss.waitFor({ state: 'detached' });
  }
}

/**
 * Holds every request matching `method` + `url` until `release()` is called, so a pending label
 * ('Creating...', 'Deleting...') can be seen without racing the server.
 */
export async function holdRequests(page: Page, method: string, url: string | RegExp) {
  const held: Route[] = [];
  let released = false;
  const handler = async (route: Route, request: Request) => {
    if (request.method() !== method) return route.fallback();
    if (released) return route.fallback();
    held.push(route);
  };
  await page.route(url, handler);
  return {
    count: () => held.length,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.fallback()));
      await page.unroute(url, handler);
    },
  };
}

/**
 * JSON bodies of the requests the page sends to `path` with `method`, recorded as the browser sends
 * them (a route that passes each request on, so a body is recorded before its answer can arrive).
 */
export async function recordBodies(page: Page, method: string, path: string): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(
    (url) => url.pathname === path,
    (route, request) => {
      if (request.method() === method) bodies.push(request.postDataJSON());
      return route.fallback();
    },
  );
  return bodies;
}

/** The owner's API, for checking what was stored and cleaning up after a journey. */
export async function ownerApi() {
  const cookie = await sessionCookie('admin');
  return {
    async list<T = Record<string, unknown>>(path: string): Promise<T[]> {
      const response = await call(path, { cookie });
      expect(response.status).toBe(200);
      return (await response.json()) as T[];
    },
    async remove(path: string): Promise<void> {
      const response = await call(path, { method: 'DELETE', cookie });
      expect([204, 404]).toContain(response.status);
    },
    async create<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
      const response = await call(path, { method: 'POST', cookie, body });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as T;
    },
  };
}

/** A name no other test or seed uses, so parallel journeys never see each other's rows. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Picks into the file input labelled `label` a file that says it is `bytes` long, with the change event a person's
 * pick fires. A real file that size makes Chromium read all of it as it is chosen (35 s for 1 GB here); what a
 * page checks before sending is the size the file reports. Resolves with the URLs the page then asked for under
 * `sentTo`, after `refused` has shown.
 */
export async function pickFileOfSize(page: Page, label: string, bytes: number, sentTo: string, refused: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const onRequest = (request: Request) => {
    if (request.url().includes(sentTo)) sent.push(request.url());
  };
  page.on('request', onRequest);
  try {
    await page.getByLabel(label).evaluate(
      (input: HTMLInputElement, size) => {
        const file = new File(['PK'], 'large-file', { type: 'application/octet-stream' });
        Object.defineProperty(file, 'size', { value: size });
        const transfer = new DataTransfer();
        transfer.items.add(file);
        input.files = transfer.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      bytes,
    );
    await refused();
    return sent;
  } finally {
    page.off('request', onRequest);
  }
}
