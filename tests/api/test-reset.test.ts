import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { base, call } from '../support/http.ts';
import { createProject } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { resetServer } from '../support/worker-server.ts';

/*
 * POST /api/test/reset: how the harness starts each test file from the seed (tests/support/worker-server.ts), on
 * the worker's own server. A server without ALLOW_TEST_SWITCHES has no such endpoint.
 */
let without: ExtraServer;

beforeAll(async () => {
  without = await startExtraServer({});
}, 200_000);
afterAll(() => without?.stop());

const projectNames = async (baseUrl: string) =>
  ((await (await fetch(new URL('/api/public/projects', baseUrl))).json()) as Array<{ name: string }>).map((p) => p.name).sort();

describe('POST /api/test/reset', () => {
  it('returns the database to the seed: a project written since is gone, and so is every session', async () => {
    const seeded = await projectNames(base());
    expect(seeded.length).toBeGreaterThan(0);

    const cookie = await sessionCookie('admin');
    const created = await createProject(cookie);
    expect(await projectNames(base())).toEqual([...seeded, created.name].sort());
    expect((await call('/api/tokens', { cookie })).status, 'signed in before the reset').toBe(200);

    await resetServer();
    expect(await projectNames(base())).toEqual(seeded);
    expect((await call('/api/tokens', { cookie })).status, 'the session is gone with the reset').toBe(401);
  });

  it('does not exist on a server without ALLOW_TEST_SWITCHES', async () => {
    const post = (path: string) => fetch(new URL(path, without.baseUrl), { method: 'POST', headers: { Origin: without.baseUrl } });
    const before = await projectNames(without.baseUrl);
    expect((await post('/api/test/snapshot')).status).toBe(404);
    expect((await post('/api/test/reset')).status).toBe(404);
    expect(await projectNames(without.baseUrl)).toEqual(before);
  });
});
