import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_HEADER } from './cacheable.ts';
import { createVisitorCacheServer, MAX_ORIGINS, type VisitorCacheServer } from './serve-visitor.ts';

/*
 * The visitor cache in front of a stand-in for Astro: /projects renders (once), /public-projects never
 * finishes rendering (a hung database query, say). Its waiters must get the outage answer, not a hung request.
 */
describe('the visitor cache server', () => {
  let visitor: VisitorCacheServer;
  let server: http.Server;
  let base = '';
  let renders = 0;

  beforeAll(async () => {
    const render = async (request: Request): Promise<Response> => {
      expect(request.headers.get(RENDER_HEADER)).toBeTruthy();
      if (new URL(request.url).pathname === '/public-projects') return new Promise(() => {}); // hangs
      renders++;
      const headers = { 'content-type': 'text/html; charset=utf-8', 'x-route-pattern': '/projects', 'x-request-id': 'render' };
      return new Response(`<!doctype html><main>projects</main>${'<p>filler</p>'.repeat(100)}`, { headers });
    };
    visitor = createVisitorCacheServer({ render, maxBytes: 1 << 20, timeZone: 'UTC', originOf: () => 'http://localhost', renderTimeoutMs: 300 });
    server = http.createServer((req, res) => {
      if (!visitor.serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    visitor.close();
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  });

  it('answers the waiters of a render that hangs 503 with Retry-After and the outage body', async () => {
    const answers = await Promise.all([fetch(`${base}/public-projects`), fetch(`${base}/public-projects?again`)]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-request-id')).toBeTruthy();
      expect(await answer.json()).toEqual({ error: 'The site is briefly unavailable. Please try again in a moment.' });
    }
    // Nothing was kept: the next visitor asks for a render again.
    expect(visitor.cache.fresh('/public-projects\nen-US\n')).toBeUndefined();
  });

  it('answers a stored page with its own request id, never the render’s or the route header', async () => {
    const first = await fetch(`${base}/projects`);
    const second = await fetch(`${base}/projects`);
    expect(renders).toBe(1);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-route-pattern')).toBeNull();
      expect(answer.headers.get('x-request-id')).not.toBe('render');
      expect(await answer.text()).toContain('projects');
    }
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    const unchanged = await fetch(`${base}/projects`, { headers: { 'If-None-Match': second.headers.get('etag')! } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('x-request-id')).toBeTruthy();
  });

  it('keeps pages for a few origins only: made-up Host values are rendered each time, never kept', async () => {
    const byHost = createVisitorCacheServer({
      render: async () =>
        new Response('<!doctype html><main>page</main>', { headers: { 'content-type': 'text/html' } }),
      maxBytes: 1 << 20,
      timeZone: 'UTC',
      originOf: (req) => `http://${req.headers.host}`,
    });
    const hosts = http.createServer((req, res) => {
      if (!byHost.serve(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((listening) => hosts.listen(0, '127.0.0.1', listening));
    const { port } = hosts.address() as AddressInfo;
    const ask = (host: string) =>
      new Promise<number>((done, fail) =>
        http
          .get({ host: '127.0.0.1', port, path: '/projects', headers: { host } }, (answer) =>
            done(answer.resume().statusCode!),
          )
          .on('error', fail),
      );
    try {
      for (let n = 1; n <= MAX_ORIGINS; n++) expect(await ask(`name-${n}.example`)).toBe(200);
      expect(byHost.cache.size.entries).toBe(MAX_ORIGINS);
      // The next name is left to the renderer (here: 418), and the first names are still served from the cache.
      expect(await ask('one-too-many.example')).toBe(418);
      expect(await ask('name-1.example')).toBe(200);
      expect(byHost.cache.size.entries).toBe(MAX_ORIGINS);
    } finally {
      byHost.close();
      hosts.closeAllConnections();
      await new Promise((closed) => hosts.close(closed));
    }
  });
});
