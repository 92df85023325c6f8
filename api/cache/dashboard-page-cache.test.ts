import { PGlite } from '@electric-sql/pglite';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/types.ts';
import type { Db } from '../db/client.ts';
import { cachedAggregate, metricAggregatesChanged } from '../services/metric-aggregate-cache.ts';
import { dashboardPage, dashboardPagesChanged, keptDashboardPages } from './dashboard-page-cache.ts';
import { invalidateEverything, invalidatePaths } from './invalidation.ts';

const owner: SessionUser = {
  id: 'u-owner',
  email: 'o@example.test',
  firstName: 'Olga',
  lastName: null,
  profileImageUrl: null,
  role: 'admin',
};
const viewer: SessionUser = {
  id: 'u-viewer',
  email: 'v@example.test',
  firstName: 'Vic',
  lastName: null,
  profileImageUrl: null,
  role: 'viewer',
};
const url = new URL('http://localhost:4321/');
const ZONE = 'Pacific/Auckland';
const NOON = Date.parse('2026-11-25T23:00:00Z'); // 12:00 on the 26th in Auckland; midnight there is 11:00Z on the 26th.
const NEXT_MIDNIGHT = Date.parse('2026-11-26T11:00:00Z');

/** An embedded database as far as the aggregate cache can tell (it never queries here). */
// What isEmbedded looks for, without opening a database.
const embedded = { $client: Object.create(PGlite.prototype) as PGlite } as unknown as Db;

/** A stand-in for the page: counts its renders, and draws whatever `content` says now. */
function page(content: () => string = () => 'stats', headers: Record<string, string> = {}) {
  let renders = 0;
  const render = async () => {
    renders++;
    const html = `<!doctype html><html><head><script>a()</script></head><body>${content()} ${'x'.repeat(2000)}</body></html>`;
    return new Response(html, {
      headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "script-src 'self' 'sha256-old'", ...headers },
    });
  };
  return { render, renders: () => renders };
}

const get = (encoding?: string) => new Request(url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

async function read(
  user: SessionUser,
  render: () => Promise<Response>,
  now = NOON,
  incomplete = false,
  encoding?: string,
) {
  const response = await dashboardPage(get(encoding), url, user, ZONE, render, () => incomplete, now);
  return response;
}

beforeEach(() => dashboardPagesChanged());

describe('the kept signed-in dashboard', () => {
  it('renders once, then answers from the copy, finished and compressed as a render would be', async () => {
    const p = page();
    const first = await read(owner, p.render, NOON, false, 'br');
    const second = await read(owner, p.render, NOON + 1000, false, 'gzip');
    const third = await read(owner, p.render, NOON + 2000);
    expect(p.renders()).toBe(1);
    expect(first.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toContain('<body>stats');
    expect(second.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toContain('<body>stats');
    expect(await third.text()).toContain('<body>stats');
    // finish-page.ts ran: the policy names the page's own inline script, not the build's list.
    expect(third.headers.get('Content-Security-Policy')).not.toContain('sha256-old');
    expect(third.headers.get('Vary')).toBe('Accept-Encoding');
    // A copy says how old it is; the render has no age.
    expect(first.headers.get('Age')).toBeNull();
    expect(second.headers.get('Age')).toBe('1');
    expect(third.headers.get('Age')).toBe('2');
  });

  it('keeps one copy per person: a viewer never gets the owner’s page, nor the owner the viewer’s', async () => {
    const owners = page(() => 'owner-only KPI');
    const viewers = page(() => 'signed-in KPIs');
    await read(owner, owners.render);
    expect(await (await read(viewer, viewers.render)).text()).not.toContain('owner-only');
    expect(await (await read(owner, owners.render)).text()).toContain('owner-only');
    expect(await (await read(viewer, viewers.render)).text()).toContain('signed-in KPIs');
    expect([owners.renders(), viewers.renders()]).toEqual([1, 1]);
  });

  it('renders again for the same person once their session reads differently (a new role, a new name)', async () => {
    const p = page();
    await read(owner, p.render);
    await read({ ...owner, role: 'viewer' }, p.render);
    await read({ ...owner, role: 'viewer', firstName: 'Olgа' }, p.render);
    expect(p.renders()).toBe(3);
  });

  it('renders again after any write the server answered (the middleware calls dashboardPagesChanged)', async () => {
    let value = 'before';
    const p = page(() => value);
    await read(owner, p.render);
    value = 'after';
    dashboardPagesChanged();
    expect(await (await read(owner, p.render)).text()).toContain('after');
    expect(p.renders()).toBe(2);
  });

  it.each([
    ['an invalidation of some paths', () => invalidatePaths(['/projects/1'])],
    ['an invalidation of everything (an import, a restore)', () => invalidateEverything()],
    ['a write of points or metrics', async () => metricAggregatesChanged()],
  ])('renders again after %s', async (_, write) => {
    let value = 'before';
    const p = page(() => value);
    await read(owner, p.render);
    await read(owner, p.render);
    value = 'after';
    await write();
    expect(await (await read(owner, p.render)).text()).toContain('after');
    expect(p.renders()).toBe(2);
  });

  it('serves a render that overlapped a write but does not keep it', async () => {
    let value = 'read before the write';
    const p = page(() => {
      const seen = value;
      dashboardPagesChanged(); // the write commits while this render is under way
      value = 'written';
      return seen;
    });
    expect(await (await read(owner, p.render)).text()).toContain('read before the write');
    expect(keptDashboardPages()).toBe(0);
  });

  it('does not keep a render that left something out, nor one that sets a cookie, nor an error page', async () => {
    await read(owner, page().render, NOON, true);
    await read(owner, page(undefined, { 'Set-Cookie': 'a=b' }).render);
    const failing = async () =>
      new Response('<!doctype html><html><body>Unavailable</body></html>', {
        status: 503,
        headers: { 'Content-Type': 'text/html' },
      });
    expect((await read(owner, failing)).status).toBe(503);
    expect(keptDashboardPages()).toBe(0);
  });

  it('holds until the next midnight in the owner’s time zone', async () => {
    const p = page();
    await read(owner, p.render, NOON);
    await read(owner, p.render, NEXT_MIDNIGHT - 1);
    expect(p.renders()).toBe(1);
    await read(owner, p.render, NEXT_MIDNIGHT);
    expect(p.renders()).toBe(2);
  });

  it('holds only as long as the metric aggregates it read (a month turning, a future point coming due)', async () => {
    metricAggregatesChanged();
    const due = NOON + 60_000;
    const p = page();
    const render = async () => {
      await cachedAggregate(embedded, 'test-kpis', new Date(NOON), { value: async () => 1, until: async () => due });
      return p.render();
    };
    await read(owner, render, NOON);
    await read(owner, render, due - 1);
    expect(p.renders()).toBe(1);
    await read(owner, render, due);
    expect(p.renders()).toBe(2);
  });

  it('does not keep a page built from an aggregate that could not be kept', async () => {
    const render = async () => {
      // until null: the aggregate cache itself did not keep this answer.
      await cachedAggregate(embedded, 'test-unkept', new Date(NOON), { value: async () => 1, until: async () => null });
      return page().render();
    };
    await read(owner, render);
    expect(keptDashboardPages()).toBe(0);
  });
});
