import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createProject } from '../support/owner-api.ts';
import { sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const status = async (path: string, cookie: string) => (await fetch(new URL(path, base), { headers: { Cookie: cookie } })).status;
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('session cookies', () => {
  it('refuses the value the sessions table keeps (the SHA-256 of the token) used as the cookie', async () => {
    const cookie = await sessionCookie('viewer');
    const [name, token] = cookie.split('=') as [string, string];
    expect(await status('/api/auth/user', cookie)).toBe(200);
    expect(await status('/api/auth/user', `${name}=${sha256Hex(token)}`)).toBe(401);

    // On PostgreSQL the test can read the table itself: exactly the hash is stored, never the token.
    // (The embedded database belongs to the server process; api/auth/session.test.ts reads its table.)
    const databaseUrl = workerServer().databaseUrl;
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ sid: string }>('select sid from sessions where sid = $1 or sid = $2', [sha256Hex(token), token]);
        expect(rows.map((row) => row.sid)).toEqual([sha256Hex(token)]);
        expect(await status('/api/auth/user', `${name}=${rows[0]!.sid}`)).toBe(401);
      } finally {
        await client.end();
      }
    }
  });

  it('sets a fresh cookie at each sign-in and never the same token twice', async () => {
    const cookies = await Promise.all([sessionCookie('admin'), sessionCookie('admin')]);
    expect(cookies[0]).not.toBe(cookies[1]);
    for (const cookie of cookies) expect(cookie).toMatch(/^session=[a-z2-7]{32}$/);
  });
});

describe('cross-origin writes', () => {
  const write = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(new URL(path, base), {
      method,
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const project = async (id: number, cookie: string) => (await fetch(new URL(`/api/projects/${id}`, base), { headers: { Cookie: cookie } })).json();
  const projectNames = async (cookie: string) =>
    ((await (await fetch(new URL('/api/projects', base), { headers: { Cookie: cookie } })).json()) as Array<{ name: string }>).map((p) => p.name);

  it('refuses POST, PATCH and DELETE from another origin with 403, even for the signed-in owner, and changes nothing', async () => {
    const cookie = await sessionCookie('admin');
    const target = await createProject(cookie);
    const unique = target.name;
    const before = await project(target.id, cookie);
    const everyProject = await projectNames(cookie);
    const foreign: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: new URL(base).origin.replace('localhost', '127.0.0.1') },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      {},
    ];
    for (const headers of foreign) {
      const label = JSON.stringify(headers);
      const refused = await write('POST', '/api/projects', { Cookie: cookie, ...headers }, { name: `${unique} forged`, description: 'x', category: 'creative' });
      expect(refused.status, `POST ${label}`).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBeTruthy();
      expect((await write('PATCH', `/api/projects/${target.id}`, { Cookie: cookie, ...headers }, { name: 'Hijacked' })).status, `PATCH ${label}`).toBe(403);
      expect((await write('DELETE', `/api/projects/${target.id}`, { Cookie: cookie, ...headers })).status, `DELETE ${label}`).toBe(403);
    }
    expect(await project(target.id, cookie)).toEqual(before);
    expect(await projectNames(cookie)).toEqual(everyProject);
  });

  it('lets the same origin through to the endpoint (which then judges the body)', async () => {
    const cookie = await sessionCookie('admin');
    const viaOrigin = await write('POST', '/api/projects', sameOriginHeaders(cookie), { unknownField: true });
    expect(viaOrigin.status).toBe(400);
    const viaFetchMetadata = await write('POST', '/api/projects', { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, { unknownField: true });
    expect(viaFetchMetadata.status).toBe(400);
  });
});
