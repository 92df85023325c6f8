import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.ts';

/*
 * /readyz tells a load balancer when to stop sending traffic: while the server drains after SIGTERM, and while
 * its database is away. Both on servers of this file's own (a throwaway PostgreSQL cluster for the outage), so
 * nothing another test uses goes down. The fetch timeout is a guard against a hang (readyz gives up on the
 * database after 2 s), not a speed assertion.
 */
const ready = (server: ExtraServer) => fetch(new URL('/readyz', server.baseUrl), { signal: AbortSignal.timeout(10_000) });

describe('readiness while draining', () => {
  let server: ExtraServer;
  // A busy two-core machine needs most of a minute to migrate and seed a fresh server's database.
  beforeAll(async () => {
    server = await startExtraServer({ DRAIN_SECONDS: '4' });
  }, 240_000);
  afterAll(async () => server?.stop());

  it('after SIGTERM the server answers /readyz 503 while it drains, keeps serving, then exits by itself', async () => {
    expect((await ready(server)).status).toBe(200);

    server.signal('SIGTERM');
    await expect.poll(async () => (await ready(server)).status).toBe(503);
    const draining = await ready(server);
    expect(draining.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await draining.json()).toEqual({ database: 'unknown', error: 'The server is shutting down.' });
    // Still up and answering everything else: requests already routed here finish normally.
    expect((await fetch(new URL('/healthz', server.baseUrl))).status).toBe(200);
    expect((await fetch(new URL('/api/public/projects', server.baseUrl))).status).toBe(200);

    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/Draining before closing/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('readiness during a database outage (PostgreSQL)', () => {
  let cluster: ThrowawayPostgres | undefined;
  let server: ExtraServer | undefined;
  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    server = await startExtraServer({ DATABASE_URL: cluster.url });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    cluster?.remove();
  });

  it('answers 503 "unreachable" while the database is down, and 200 again once it is back, without a restart', async () => {
    if (!cluster || !server) throw new Error('The throwaway cluster or its server did not start');
    expect((await ready(server)).status).toBe(200);

    cluster.stop();
    try {
      const down = await ready(server);
      expect(down.status).toBe(503);
      expect(down.headers.get('cache-control')).toBe('no-store');
      expect(await down.json()).toMatchObject({ database: 'unreachable', error: expect.any(String) });
      // The process itself is fine: liveness must not restart it for the database's sake.
      expect((await fetch(new URL('/healthz', server.baseUrl))).status).toBe(200);
    } finally {
      cluster.start();
    }
    await expect.poll(async () => (await ready(server!)).status, { timeout: 30_000, interval: 500 }).toBe(200);
  });
});
