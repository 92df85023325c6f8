import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, serverLogSize } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * POST /api/csp-report: what a browser sends when a page's policy blocked something. Browsers send it without
 * an Origin of the site, so it is open to anyone: capped at 8 KB, rate-limited per address, logged, never stored.
 */

const base = workerServer().baseUrl;

const REPORT_URI_FORM = {
  'csp-report': {
    'document-uri': `${base}/api/login/owner?token=secret-one-time-token`,
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'blocked-uri': 'inline',
    'original-policy': "default-src 'self'",
  },
};

const REPORTING_API_FORM = [
  {
    type: 'csp-violation',
    age: 10,
    url: `${base}/public-projects`,
    user_agent: 'Chromium',
    body: {
      documentURL: `${base}/public-projects?q=x`,
      effectiveDirective: 'style-src-elem',
      blockedURL: 'inline',
      disposition: 'enforce',
    },
  },
];

function send(body: string, type: string, address = freshClientAddress(), origin?: string): Promise<Response> {
  return fetch(new URL('/api/csp-report', base), {
    method: 'POST',
    headers: { 'Content-Type': type, [TEST_CLIENT_HEADER]: address, ...(origin ? { Origin: origin } : {}) },
    body,
  });
}

/** The log's violation lines written since `offset`. */
async function violationsSince(offset: number, count: number): Promise<Array<Record<string, unknown>>> {
  let lines: Array<Record<string, unknown>> = [];
  for (let attempt = 0; attempt < 20 && lines.length < count; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 100));
    lines = readFileSync(workerServer().serverLog)
      .subarray(offset)
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes('Content-Security-Policy violation'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  return lines;
}

describe('CSP violation reports', () => {
  it("are taken from any origin in report-uri's form and logged with the page's path, never its query", async () => {
    const offset = serverLogSize();
    const answer = await send(
      JSON.stringify(REPORT_URI_FORM),
      'application/csp-report',
      freshClientAddress(),
      'https://elsewhere.example',
    );
    expect(answer.status).toBe(204);
    const [line, ...more] = await violationsSince(offset, 1);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 40,
      page: `${base}/api/login/owner`,
      directive: 'script-src-elem',
      blocked: 'inline',
    });
    expect(JSON.stringify(line)).not.toContain('secret-one-time-token');
  });

  it("are taken in the Reporting API's form (report-to)", async () => {
    const offset = serverLogSize();
    expect((await send(JSON.stringify(REPORTING_API_FORM), 'application/reports+json')).status).toBe(204);
    expect(await violationsSince(offset, 1)).toEqual([
      expect.objectContaining({ page: `${base}/public-projects`, directive: 'style-src-elem', blocked: 'inline' }),
    ]);
  });

  it('refuses more than 8 KB with 413, what is not a report with 400 or 415, and logs none of them', async () => {
    const offset = serverLogSize();
    const padded = { 'csp-report': { ...REPORT_URI_FORM['csp-report'], 'script-sample': 'x'.repeat(9000) } };
    expect((await send(JSON.stringify(padded), 'application/csp-report')).status).toBe(413);
    expect((await send('{"csp-report": ', 'application/csp-report')).status).toBe(400);
    expect((await send('{"csp-report": "no"}', 'application/csp-report')).status).toBe(400);
    expect((await send(JSON.stringify(REPORT_URI_FORM), 'text/plain')).status).toBe(415);
    expect(await violationsSince(offset, 0)).toEqual([]);
  });

  it('takes 20 reports a minute from one address, then answers 429 with Retry-After', async () => {
    const address = freshClientAddress();
    for (let report = 1; report <= 20; report++) {
      expect(
        (await send(JSON.stringify(REPORT_URI_FORM), 'application/csp-report', address)).status,
        `report ${report}`,
      ).toBe(204);
    }
    const refused = await send(JSON.stringify(REPORT_URI_FORM), 'application/csp-report', address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(JSON.stringify(REPORT_URI_FORM), 'application/csp-report')).status).toBe(204);
  });
});
