import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS } from '#api/auth/rate-limit.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';

/*
 * What the server believes about a request — the client's address, the scheme and the host — and what that
 * changes. These servers run without the test-only client-address header, as in production: every request
 * here comes from this machine, and the forwarded headers (and, for a trusted proxy, the local address the
 * connection comes from) are what varies.
 */
let direct: ExtraServer;
let behindOneProxy: ExtraServer;
/** No SITE_URL; only 127.0.0.2 is a proxy (a connection from 127.0.0.1 is a client writing its own headers). */
let siteless: ExtraServer;

beforeAll(async () => {
  [direct, behindOneProxy, siteless] = await Promise.all([
    startExtraServer({}),
    startExtraServer({ TRUSTED_PROXIES: '1' }),
    startExtraServer({ SITE_URL: '', TRUSTED_PROXIES: '127.0.0.2' }),
  ]);
}, 240_000);
afterAll(async () => {
  await Promise.all([direct?.stop(), behindOneProxy?.stop(), siteless?.stop()]);
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request by node:http, which lets a test name the Host and the local address the connection comes from. */
function raw(
  server: ExtraServer,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    from,
  }: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawAnswer> {
  const port = Number(new URL(server.baseUrl).port);
  return new Promise((done, fail) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { host: `localhost:${port}`, ...headers }, localAddress: from },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** The newest owner link the server printed (at start, or for a press of the sign-in page's button). */
function newestLink(server: ExtraServer): string {
  const links = [...server.output().matchAll(/^Owner sign-in: (\S+)$/gm)];
  if (links.length === 0) throw new Error(`No owner link printed:\n${server.output().slice(-2000)}`);
  return links.at(-1)![1]!;
}

/** Spends the newest owner link as the confirmation page's form does, from `origin`; the session's Set-Cookie line. */
async function signInCookie(
  server: ExtraServer,
  origin: string,
  options: { headers?: Record<string, string>; from?: string },
): Promise<string> {
  const token = new URL(newestLink(server)).searchParams.get('token')!;
  const answer = await raw(server, '/api/login/owner/redeem', {
    method: 'POST',
    from: options.from,
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', ...options.headers },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(answer.status, answer.body).toBe(303);
  const line = (answer.headers['set-cookie'] ?? []).find((cookie) => /^(__Host-)?session=/.test(cookie));
  expect(line).toBeDefined();
  return line!;
}

/** Presses the sign-in page's 'Print a sign-in link' button (its POST), so the next sign-in has a fresh link. */
async function printLink(
  server: ExtraServer,
  origin: string,
  options: { headers?: Record<string, string>; from?: string },
): Promise<void> {
  const before = newestLink(server);
  const answer = await raw(server, '/api/login/owner', {
    method: 'POST',
    from: options.from,
    headers: { Origin: origin, ...options.headers },
  });
  expect(answer.status, answer.body).toBe(303);
  expect(newestLink(server)).not.toBe(before);
}

/** A wrong owner-link token: one sign-in attempt, 400 while the address has attempts left, then 429. */
const guess = (server: ExtraServer, forwardedFor: string) =>
  fetch(new URL('/api/login/owner/redeem', server.baseUrl), {
    method: 'POST',
    headers: {
      Origin: server.baseUrl,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': forwardedFor,
    },
    body: `token=${'a'.repeat(32)}`,
    redirect: 'manual',
  }).then((response) => response.status);

describe('the client address the rate limit counts', () => {
  it('is the connection’s address without TRUSTED_PROXIES: a new X-Forwarded-For per request buys no new attempts', async () => {
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect(await guess(direct, `198.51.100.${attempt}`), `attempt ${attempt}`).toBe(400);
    }
    expect(await guess(direct, '198.51.100.250')).toBe(429);
  });

  it('behind one trusted proxy, is the address that proxy appended, not what the client wrote before it', async () => {
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect(await guess(behindOneProxy, `6.6.6.${attempt}, 203.0.113.7`), `attempt ${attempt}`).toBe(400);
    }
    expect(await guess(behindOneProxy, '6.6.6.250, 203.0.113.7')).toBe(429);
    // Another client behind the same proxy is counted on its own, and cannot be locked out by the first.
    expect(await guess(behindOneProxy, '203.0.113.8')).toBe(400);
  });
});

describe('IPv6 clients', () => {
  it('are counted by their /64: a new address from the same network buys no new attempts, another network has its own', async () => {
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect(await guess(behindOneProxy, `2001:db8:77:1::${attempt.toString(16)}`), `attempt ${attempt}`).toBe(400);
    }
    expect(await guess(behindOneProxy, '2001:db8:77:1:ffff:ffff:ffff:fffe')).toBe(429);
    expect(await guess(behindOneProxy, '2001:db8:77:2::1')).toBe(400);
  });
});

describe('the scheme', () => {
  const HSTS = 'max-age=63072000; includeSubDomains';

  it('is https when a trusted proxy says so (without SITE_URL): HSTS on pages, kept ones too, and a __Host- Secure cookie', async () => {
    const port = new URL(siteless.baseUrl).port;
    const viaProxy = {
      from: '127.0.0.2',
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.40' },
    };
    for (let visit = 1; visit <= 2; visit++) {
      const page = await raw(siteless, '/public-projects', viaProxy);
      expect(page.status).toBe(200);
      expect(page.headers['strict-transport-security'], `visit ${visit}`).toBe(HSTS);
    }
    await printLink(siteless, `https://localhost:${port}`, viaProxy);
    const cookie = await signInCookie(siteless, `https://localhost:${port}`, viaProxy);
    expect(cookie).toMatch(/^__Host-session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
  });

  it('stays http when anyone else sends X-Forwarded-Proto: https — no HSTS, not even on a page kept for https, a plain cookie', async () => {
    const port = new URL(siteless.baseUrl).port;
    const forged = { from: '127.0.0.1', headers: { 'X-Forwarded-Proto': 'https' } };
    // Kept for the proxy's https visitors first: the forged request must not be answered from that copy.
    await raw(siteless, '/portfolio-showcase', { from: '127.0.0.2', headers: { 'X-Forwarded-Proto': 'https' } });
    for (const path of ['/portfolio-showcase', '/public-projects', '/']) {
      const page = await raw(siteless, path, forged);
      expect(page.status, path).toBe(200);
      expect(page.headers['strict-transport-security'], path).toBeUndefined();
    }
    await printLink(siteless, `http://localhost:${port}`, forged);
    const cookie = await signInCookie(siteless, `http://localhost:${port}`, forged);
    expect(cookie).toMatch(/^session=/);
    expect(cookie).not.toContain('Secure');
  });

  it('follows an http SITE_URL whatever a trusted proxy says', async () => {
    const viaProxy = { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.41' } };
    const page = await raw(behindOneProxy, '/public-projects', viaProxy);
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    await printLink(behindOneProxy, behindOneProxy.baseUrl, viaProxy);
    const cookie = await signInCookie(behindOneProxy, behindOneProxy.baseUrl, viaProxy);
    expect(cookie).toMatch(/^session=/);
    expect(cookie).not.toContain('Secure');
  });
});

describe('the Host, with SITE_URL set', () => {
  const outside = { 'X-Forwarded-For': '203.0.113.50' };

  it('is refused with 421 when it is not SITE_URL’s, for a client from outside; nothing is rendered or kept', async () => {
    for (const path of ['/public-projects', '/', '/api/public/projects', '/sitemap.xml', '/favicon.svg']) {
      const answer = await raw(behindOneProxy, path, { headers: { host: 'evil.example', ...outside } });
      expect(answer.status, path).toBe(421);
      expect(answer.body).toContain('does not answer for that host name');
    }
    const post = await raw(behindOneProxy, '/api/login/owner', {
      method: 'POST',
      headers: { host: 'evil.example', Origin: 'http://evil.example', ...outside },
    });
    expect(post.status).toBe(421);
  });

  it('is answered when it is SITE_URL’s, on the health checks, and for clients on this machine', async () => {
    expect((await raw(behindOneProxy, '/public-projects', { headers: outside })).status).toBe(200);
    for (const path of ['/healthz', '/readyz'])
      expect((await raw(behindOneProxy, path, { headers: { host: '10.1.2.3:4321', ...outside } })).status, path).toBe(
        200,
      );
    expect((await raw(behindOneProxy, '/public-projects', { headers: { host: 'evil.example' } })).status).toBe(200);
  });

  it('answers every Host without SITE_URL', async () => {
    expect(
      (await raw(siteless, '/public-projects', { from: '127.0.0.2', headers: { host: 'other.example', ...outside } }))
        .status,
    ).toBe(200);
  });
});

describe('the start-up', () => {
  it('does not warn about a count of proxy hops when the server listens on loopback only', () => {
    expect(behindOneProxy.output()).not.toContain('trusts whoever connects as a proxy');
  });
});
