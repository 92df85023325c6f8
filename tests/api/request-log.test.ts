import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The server's JSON log lines whose requestId is `id` (the log is written synchronously, but give it a moment). */
async function linesFor(id: string): Promise<Array<Record<string, unknown>>> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const lines = readFileSync(workerServer().serverLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(id))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    if (lines.length) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

describe('request log', () => {
  it('writes one JSON line per request: method, route pattern, status, duration and the id it echoes; no cookie, query or body', async () => {
    const cookie = await sessionCookie('admin');
    const response = await fetch(new URL('/api/projects/999999999?secret=query-value', base), { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    const id = response.headers.get('X-Request-Id')!;
    expect(id).toMatch(uuid);

    const lines = await linesFor(id);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/projects/[id]', status: 404, requestId: id });
    expect(typeof line.durationMs).toBe('number');
    expect(typeof line.time).toBe('string');
    const text = JSON.stringify(line);
    expect(text).not.toContain(cookie.split('=')[1]!);
    expect(text).not.toContain('query-value');
    expect(text).not.toContain('999999999');
  });

  it('never echoes an id chosen by the client (no proxy is trusted), malformed or not', async () => {
    for (const sent of ['my-own-id', 'x'.repeat(300)]) {
      const response = await fetch(new URL('/public-projects', base), { headers: { 'X-Request-Id': sent } });
      expect(response.status).toBe(200);
      const id = response.headers.get('X-Request-Id')!;
      expect(id).toMatch(uuid);
      expect((await linesFor(id))[0]).toMatchObject({ route: '/public-projects', status: 200 });
    }
  });
});

describe('request log for answers from the visitor cache', () => {
  it('gives a cached page its own id and the same line as any request (route pattern, not the URL)', async () => {
    const ids: string[] = [];
    // The first visit may render (a miss), the second is answered from memory: both are logged alike.
    for (let visit = 0; visit < 2; visit++) {
      const response = await fetch(new URL('/public-projects?from=request-log-test', base));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-route-pattern')).toBeNull();
      const id = response.headers.get('X-Request-Id')!;
      expect(id).toMatch(uuid);
      const lines = await linesFor(id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/public-projects', status: 200, requestId: id });
      expect(JSON.stringify(lines[0])).not.toContain('request-log-test');
      ids.push(id);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('request ids from a trusted proxy', () => {
  let server: ExtraServer | undefined;
  // The test's own requests come from 127.0.0.1: for this server that address is the trusted proxy.
  beforeAll(async () => {
    server = await startExtraServer({ TRUSTED_PROXIES: '127.0.0.1' });
  }, 240_000);
  afterAll(async () => server?.stop());

  it('keeps the X-Request-Id a proxy listed in TRUSTED_PROXIES sends, logs it, and still replaces a malformed one', async () => {
    if (!server) throw new Error('The server with TRUSTED_PROXIES did not start');
    const sent = `proxy-${Date.now().toString(36)}`;
    const kept = await fetch(new URL('/api/projects', server.baseUrl), { headers: { 'X-Request-Id': sent } });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('X-Request-Id')).toBe(sent);
    await expect.poll(() => server!.output().split('\n').some((line) => line.includes(`"requestId":"${sent}"`) && line.includes('"route":"/api/projects"'))).toBe(true);

    // A page the visitor cache answers keeps it too.
    const page = await fetch(new URL('/public-projects', server.baseUrl), { headers: { 'X-Request-Id': `${sent}-page` } });
    expect(page.headers.get('X-Request-Id')).toBe(`${sent}-page`);

    for (const malformed of ['x'.repeat(129), 'tab\there']) {
      const replaced = await fetch(new URL('/api/projects', server.baseUrl), { headers: { 'X-Request-Id': malformed } });
      expect(replaced.headers.get('X-Request-Id')).toMatch(uuid);
    }
  });
});
