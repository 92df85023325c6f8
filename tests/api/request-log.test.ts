import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { sessionCookie } from '../support/sign-in.ts';

const base = inject('baseUrl');
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The server's JSON log lines whose requestId is `id` (the log is written synchronously, but give it a moment). */
async function linesFor(id: string): Promise<Array<Record<string, unknown>>> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const lines = readFileSync(inject('serverLog'), 'utf8')
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
