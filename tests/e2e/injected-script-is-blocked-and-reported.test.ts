import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { eventually } from '../support/page-helpers.ts';
import { serverLogSize } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * A page's policy allows only the inline code the build made for it. An inline script the build never had
 * (what an HTML-injection bug would plant) is blocked by Chromium and reported to /api/csp-report, which logs it.
 * The script is planted by a proxy between the server and the browser, headers untouched.
 */

let browser: Browser;
let proxy: http.Server;
let proxyUrl = '';

/** The policies the server sent with the planted page. */
const policies: string[] = [];

const PLANTED = "<script>document.documentElement.dataset.injected = 'ran'</script>";

/**
 * A proxy in front of the server that plants an inline script in /public-projects on its way through, headers
 * untouched (as an HTML-injection bug would, past the policy the server computed), and passes everything else on.
 */
function startPlantingProxy(): Promise<void> {
  const target = new URL(workerServer().baseUrl);
  proxy = http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    delete headers['accept-encoding'];
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (req.url !== '/public-projects') {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        let html = '';
        answer.setEncoding('utf8');
        answer.on('data', (part: string) => (html += part));
        answer.on('end', () => {
          const planted = html.replace('</body>', `${PLANTED}</body>`);
          const policy = String(answer.headers['content-security-policy']);
          policies.push(policy);
          /*
           * Chromium sends to `report-to` when a policy has it, through the Reporting API, which this headless
           * build never delivers (no report in 70 s, with or without --short-reporting-delay); without it Chromium
           * falls back to `report-uri` at once. The API test covers the Reporting API's form of the report.
           */
          res.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            'content-security-policy': policy.replace(/;\s*report-to [^;]*/, ''),
            'content-length': String(Buffer.byteLength(planted)),
          });
          res.end(planted);
        });
      },
    );
    req.pipe(upstream);
  });
  return new Promise((listening) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyUrl = `http://localhost:${(proxy.address() as AddressInfo).port}`;
      listening();
    }),
  );
}

beforeAll(async () => {
  await startPlantingProxy();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => proxy?.close(closed));
});

const violationLines = (offset: number) =>
  readFileSync(workerServer().serverLog)
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.includes('Content-Security-Policy violation'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('an inline script the build never had', () => {
  it("is blocked on a phone-sized page, the page's own inline code still runs, and the browser reports it", async () => {
    const offset = serverLogSize();
    const context = await browser.newContext({
      baseURL: proxyUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });

      await page.goto('/public-projects');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.content()).toContain(PLANTED);
      expect(policies[0]).toContain('report-uri /api/csp-report');
      expect(policies[0]).toContain('report-to csp');
      expect(await page.evaluate(() => document.documentElement.dataset.injected ?? null)).toBeNull();
      // Only the planted script was refused: the page's own inline code, which the build made, all ran.
      await eventually(() => violations.length).toBe(1);
      expect(violations[0]).toMatch(/script/i);

      await eventually(() => violationLines(offset).length > 0, 'the violation report reached the server').toBe(true);
      expect(violationLines(offset)[0]).toMatchObject({
        page: `${proxyUrl}/public-projects`,
        directive: 'script-src-elem',
        blocked: 'inline',
      });
    } finally {
      await context.close();
    }
  });
});
