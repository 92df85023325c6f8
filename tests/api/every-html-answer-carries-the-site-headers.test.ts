import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '#api/http/page-csp.ts';
import { ADMIN_ROUTES, VIEWER_ROUTES, VISITOR_ROUTES } from '../support/routes.ts';
import { freshClientAddress, sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { workerServer } from '../support/worker.ts';

/*
 * Every HTML answer of the site carries its security headers: a policy (CSP) that keeps it out of frames, the
 * frame, referrer, content-type-options and permissions headers. The route table is walked as each kind of
 * person sees it, so a page added to it cannot be missed; the sign-in, sign-out and error pages are added here.
 */

const base = workerServer().baseUrl;

function expectSiteHeaders(response: Response, what: string, html?: string): void {
  expect(response.headers.get('content-type'), what).toMatch(/^text\/html/);
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'");
  expect(policy, `${what}: Content-Security-Policy`).toMatch(/default-src '(self|none)'/);
  expect(response.headers.get('x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
  expect(response.headers.get('referrer-policy'), `${what}: Referrer-Policy`).toMatch(
    /^(strict-origin-when-cross-origin|same-origin|no-referrer)$/,
  );
  expect(response.headers.get('x-content-type-options'), `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(response.headers.get('permissions-policy'), `${what}: Permissions-Policy`).toContain('camera=()');
  expect(policy, `${what}: reports`).toContain('report-uri /api/csp-report');
  expect(response.headers.get('reporting-endpoints'), `${what}: Reporting-Endpoints`).toBe('csp="/api/csp-report"');
  if (html === undefined) return;
  // The policy only narrows the build's hashes: every inline element the build made for this page is still allowed.
  const directive = (name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
  const { scripts, styles } = inlineHashes(html);
  for (const hash of scripts)
    expect(directive('script-src'), `${what}: an inline script of the build is blocked`).toContain(hash);
  for (const hash of styles)
    expect(directive('style-src'), `${what}: an inline style of the build is blocked`).toContain(hash);
}

async function page(path: string, init: RequestInit = {}): Promise<Response & { html: string }> {
  const response = await fetch(new URL(path, base), { redirect: 'manual', ...init });
  return Object.assign(response, { html: await response.text() });
}

describe('every HTML answer carries the site headers', () => {
  let cookies: Record<'admin' | 'viewer', string>;
  beforeAll(async () => {
    cookies = { admin: await sessionCookie('admin'), viewer: await sessionCookie('viewer') };
  });

  for (const [who, routes] of [
    ['a visitor', VISITOR_ROUTES],
    ['a viewer', VIEWER_ROUTES],
    ['the admin', ADMIN_ROUTES],
  ] as const) {
    it(`on every route of the table, as ${who} sees it (the 404 page included)`, async () => {
      const cookie = who === 'a visitor' ? undefined : who === 'a viewer' ? cookies.viewer : cookies.admin;
      for (const path of routes) {
        const response = await page(path, { headers: cookie ? { Cookie: cookie } : {} });
        expect([200, 404], `${who} ${path}`).toContain(response.status);
        expectSiteHeaders(response, `${who} ${path}`, response.html);
      }
    });
  }

  it('on the sign-out confirmation a browser without fetch metadata is shown', async () => {
    const response = await page('/api/logout', { headers: { Cookie: cookies.viewer } });
    expect(response.status).toBe(200);
    expectSiteHeaders(response, '/api/logout');
    // It runs nothing, and its button may post to the site alone.
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");
  });

  it('on the sign-in pages and their refusals', async () => {
    for (const path of ['/api/login?choose', '/api/login/owner?token=not-a-real-token']) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      expectSiteHeaders(response, path, response.html);
    }
    const refused = await page('/api/login/owner/redeem', {
      method: 'POST',
      headers: {
        ...sameOriginHeaders(),
        'Content-Type': 'application/x-www-form-urlencoded',
        [TEST_CLIENT_HEADER]: freshClientAddress(),
      },
      body: 'token=not-a-real-token',
    });
    expect(refused.status).toBe(400);
    expectSiteHeaders(refused, 'the refused owner link');
  });

  it("on the 403 page a form pressed on another site's page gets", async () => {
    // Sent as a browser's navigation (fetch would mark it as a script's request with its own Sec-Fetch-Mode).
    const response = await new Promise<Response>((resolve, reject) => {
      const request = http.request(new URL('/api/logout', base), {
        method: 'POST',
        headers: {
          Origin: 'https://elsewhere.example',
          'Sec-Fetch-Mode': 'navigate',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': '0',
        },
      });
      request.on('response', (answer) => {
        answer.resume();
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          if (typeof value === 'string') headers.set(name, value);
        resolve(new Response(null, { status: answer.statusCode ?? 0, headers }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(response.status).toBe(403);
    expectSiteHeaders(response, 'the 403 page');
  });
});
