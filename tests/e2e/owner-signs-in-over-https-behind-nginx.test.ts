import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/processes.ts';
import { chromePath, CHROMIUM_FLAGS } from '../../scripts/chromium.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { watchBrowser, watchContext } from '../support/failure-capture.ts';
import { makeThrowawayCa, startTlsProxy, type TlsProxy } from '../support/tls-proxy.ts';

/*
 * The README's proxy setup for real: nginx terminates TLS (a certificate from a CA made for this test, which this
 * file's own Chromium trusts by its key) and passes X-Forwarded-Proto to the server, which listens on loopback with
 * an https SITE_URL and TRUSTED_PROXIES=127.0.0.1. The owner signs in by opening the printed link and pressing the
 * button; the session cookie must be `__Host-session`, Secure, HttpOnly, SameSite=Lax, and every answer must carry
 * HSTS — a visitor page the cache keeps included.
 */

const HSTS = 'max-age=63072000; includeSubDomains';

let folder: string;
let server: ExtraServer;
let proxy: TlsProxy;
let browser: Browser;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tls-proxy-'));
  const ca = makeThrowawayCa(join(folder, 'ca'));
  // The server must know its public origin before it starts: the proxy's port is chosen first.
  const httpsPort = await freePort();
  server = await startExtraServer({
    SITE_URL: `https://localhost:${httpsPort}`,
    TRUSTED_PROXIES: '127.0.0.1',
    HOST: '127.0.0.1',
  });
  proxy = await startTlsProxy({ folder, ca, upstreamPort: Number(new URL(server.baseUrl).port), httpsPort });
  // A browser of its own: it trusts the throwaway certificate, and the HSTS it learns for localhost must not reach
  // the other files' browsers (they speak plain http to localhost).
  browser = watchBrowser(
    await chromium.launch({
      executablePath: chromePath(),
      args: [...CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${ca.spkiHash}`],
    }),
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The link the server printed at start: https, on the proxy's port. */
function printedLink(): string {
  const match = /^Owner sign-in: (\S+)$/m.exec(server.output());
  if (!match) throw new Error(`The server printed no owner link:\n${server.output().slice(-2000)}`);
  return match[1]!;
}

/** What the page's own fetch gets (the browser's TLS, cookies and cache rules): status and headers. */
function browserGet(page: Page, path: string, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ([url, extra]) => {
      const response = await fetch(url, { headers: extra, cache: 'no-store' });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers) as Record<string, string>,
        body: await response.text(),
      };
    },
    [path, headers] as const,
  );
}

describe('Behind a TLS proxy', () => {
  it('the owner signs in by pressing the button, and gets a __Host- cookie that is Secure, HttpOnly and SameSite=Lax', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    watchContext(context, page);
    try {
      const link = printedLink();
      expect(link.startsWith(`${proxy.httpsUrl}/api/login/owner?token=`)).toBe(true);

      const confirmation = await page.goto(link);
      expect(confirmation?.status()).toBe(200);
      expect(confirmation?.headers()['strict-transport-security']).toBe(HSTS);
      // The certificate was trusted, not waved through: the page is a secure context.
      expect(await page.evaluate(() => window.isSecureContext && location.protocol)).toBe('https:');

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${proxy.httpsUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      const cookies = await context.cookies(proxy.httpsUrl);
      expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-session']);
      expect(cookies[0]).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        domain: 'localhost',
      });

      const user = await browserGet(page, '/api/auth/user');
      expect(user.status).toBe(200);
      expect(JSON.parse(user.body).role).toBe('admin');
      expect(user.headers['strict-transport-security']).toBe(HSTS);

      // The signed-in dashboard, as the browser loaded it, carried it too.
      const dashboard = await page.reload();
      expect(dashboard?.headers()['strict-transport-security']).toBe(HSTS);
    } finally {
      await context.close();
    }
  });

  it('every answer a visitor gets carries HSTS: a page the cache keeps, its revalidation, a static file and a 404', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: proxy.httpsUrl });
    const page = await context.newPage();
    watchContext(context, page);
    try {
      const first = await page.goto('/public-projects');
      expect(first?.status()).toBe(200);
      expect(first?.headers()['strict-transport-security']).toBe(HSTS);
      // The second answer comes from the visitor cache (its answers carry the cache's ETag) and is the same.
      const kept = await browserGet(page, '/public-projects');
      expect(kept.status).toBe(200);
      const etag = kept.headers['etag'];
      expect(etag).toBeTruthy();
      expect(kept.headers['strict-transport-security']).toBe(HSTS);
      expect(kept.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(kept.headers['cross-origin-resource-policy']).toBe('same-origin');
      const revalidated = await browserGet(page, '/public-projects', { 'If-None-Match': etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers['strict-transport-security']).toBe(HSTS);
      // Its links name the public origin, not the address nginx reached.
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${proxy.httpsUrl}/public-projects`,
      );

      const file = await browserGet(page, '/favicon.svg');
      expect(file.status).toBe(200);
      expect(file.headers['strict-transport-security']).toBe(HSTS);
      const missing = await browserGet(page, '/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await context.close();
    }
  });
});
