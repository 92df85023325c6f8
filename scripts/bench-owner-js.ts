// Issue 16: "every owner page: JavaScript transferred on a first visit (compressed bytes on the wire, after
// load) ≤ 120 KB". Each page in a fresh browser context (empty cache) signed in as the owner; the encoded
// response bodies of every script resource until the network is idle after `load` are added up.
import { chromium } from 'playwright-core';
import { ADMIN_ROUTES } from '../tests/support/routes.ts';
import { chromePath, CHROMIUM_FLAGS } from './chromium.ts';

const LIMIT_KB = 120;

export async function benchOwnerPageJs(baseUrl: string, cookie: string, projectId: number): Promise<string[]> {
  const [name, ...rest] = cookie.split('=');
  const routes = ADMIN_ROUTES.filter((route) => route !== '/no-such-page').map((route) => route.replace('/projects/1', `/projects/${projectId}`));
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_FLAGS });
  const lines: string[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: name!, value: rest.join('='), url: baseUrl }]);
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') sizes.push(request.sizes().then((size) => size.responseBodySize));
      });
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle').catch(() => {});
      const kb = (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
      lines.push(`  ${route.padEnd(30)} ${kb.toFixed(1).padStart(6)} KB in ${sizes.length} scripts ${kb <= LIMIT_KB ? '✓' : `✗ (≤ ${LIMIT_KB} KB)`}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return lines;
}
