import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { base, call, getJson } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, printOwnerLink, redeemOwnerLink, sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';

/**
 * Every endpoint × {visitor, viewer, admin}: who may read, who may write, and that a refused write
 * changed nothing.
 */
let admin = '';
let viewer = '';
beforeAll(async () => {
  admin = await sessionCookie('admin', { fresh: true });
  viewer = await sessionCookie('viewer');
});

// KPIs, stats and trends answer everyone with what they may see (the seed's first KPI and trend are public);
// tests/api/visibility.test.ts checks who sees which item.
const PUBLIC_READS = [
  '/api/projects',
  '/api/projects/1',
  '/api/public/projects',
  '/api/public/projects/1',
  '/api/projects/1/gallery',
  '/api/kpis',
  '/api/kpis/1',
  '/api/stats',
  '/api/trends',
  '/api/trends/1',
  '/api/metrics',
  '/rss.xml',
  '/feed.json',
  '/og/site.png',
  '/og/projects/1.png',
];
const SIGNED_IN_READS = [
  '/api/timeline',
  '/api/timeline/1',
  '/api/current-activity',
  '/api/now',
  '/api/playlists',
  '/api/spotify/mood-playlists?mood=focused&activity=work',
];

describe('reads', () => {
  it.each(PUBLIC_READS)('%s is open to visitors, viewers and admins', async (path) => {
    for (const cookie of [null, () => viewer, () => admin]) {
      const response = await call(path, { cookie: typeof cookie === 'function' ? cookie() : cookie });
      expect(response.status, path).toBe(200);
    }
  });

  it.each(SIGNED_IN_READS)('%s needs a signed-in user', async (path) => {
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { cookie: viewer })).status).toBe(200);
    expect((await call(path, { cookie: admin })).status).toBe(200);
  });
});

/** Marks what this file creates, for a reader of its rows. */
const run = 'rm';

const project = {
  name: `Matrix project ${run}`,
  description: 'Made by the role matrix test.',
  status: 'planned',
  progress: 10,
  category: 'research',
  tags: ['test'],
  technologies: ['Vitest'],
  startDate: '2026-01-01',
  endDate: '',
};

interface Write {
  name: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: unknown;
  /** Where to look to see that nothing changed. */
  list: string;
  /** The admin's expected status. */
  ok: number;
}

/** Rows made by the admin beforehand, so PATCH and DELETE have something to act on. */
const made: Record<string, number | string> = {};

const writes: Write[] = [
  { name: 'create a project', method: 'POST', path: () => '/api/projects', body: project, list: '/api/projects', ok: 201 },
  { name: 'update a project', method: 'PATCH', path: () => `/api/projects/${made.project}`, body: { progress: 55 }, list: '/api/projects', ok: 200 },
  { name: 'delete a project', method: 'DELETE', path: () => `/api/projects/${made.project}`, list: '/api/projects', ok: 204 },
  {
    name: 'create a KPI',
    method: 'POST',
    path: () => '/api/kpis',
    body: { name: `Matrix KPI ${run}`, value: '3', icon: 'Zap', color: '#6fffe9', category: 'test', position: 99 },
    list: '/api/kpis',
    ok: 201,
  },
  { name: 'update a KPI', method: 'PATCH', path: () => `/api/kpis/${made.kpi}`, body: { value: '4' }, list: '/api/kpis', ok: 200 },
  { name: 'delete a KPI', method: 'DELETE', path: () => `/api/kpis/${made.kpi}`, list: '/api/kpis', ok: 204 },
  {
    name: 'create a timeline event',
    method: 'POST',
    path: () => '/api/timeline',
    body: { date: '2026-02-02', title: `Matrix event ${run}`, description: '', category: 'test', color: '#6fffe9', tags: [] },
    list: '/api/timeline',
    ok: 201,
  },
  { name: 'update a timeline event', method: 'PATCH', path: () => `/api/timeline/${made.timeline}`, body: { title: 'Renamed' }, list: '/api/timeline', ok: 200 },
  { name: 'delete a timeline event', method: 'DELETE', path: () => `/api/timeline/${made.timeline}`, list: '/api/timeline', ok: 204 },
  {
    name: 'create a trend',
    method: 'POST',
    path: () => '/api/trends',
    body: { name: `Matrix trend ${run}`, data: [1, 2], labels: ['Jan', 'Feb'], color: '#6fffe9', unit: 'h', description: 'x' },
    list: '/api/trends',
    ok: 201,
  },
  { name: 'update a trend', method: 'PATCH', path: () => `/api/trends/${made.trend}`, body: { unit: 'min' }, list: '/api/trends', ok: 200 },
  { name: 'delete a trend', method: 'DELETE', path: () => `/api/trends/${made.trend}`, list: '/api/trends', ok: 204 },
  { name: 'create a current activity', method: 'POST', path: () => '/api/current-activity', body: { type: 'learning', title: `Matrix ${run}`, progress: 5 }, list: '/api/current-activity', ok: 201 },
  { name: 'update a current activity', method: 'PATCH', path: () => `/api/current-activity/${made.activity}`, body: { progress: 6 }, list: '/api/current-activity', ok: 200 },
  { name: 'delete a current activity', method: 'DELETE', path: () => `/api/current-activity/${made.activity}`, list: '/api/current-activity', ok: 204 },
  { name: 'create a now item', method: 'POST', path: () => '/api/now', body: { type: 'reading', title: `Matrix book ${run}`, progress: 1 }, list: '/api/now', ok: 201 },
  { name: 'update a now item', method: 'PATCH', path: () => `/api/now/${made.now}`, body: { progress: 2 }, list: '/api/now', ok: 200 },
  { name: 'delete a now item', method: 'DELETE', path: () => `/api/now/${made.now}`, list: '/api/now', ok: 204 },
  {
    name: 'create a playlist',
    method: 'POST',
    path: () => '/api/playlists',
    body: { id: `MatrixList${run}`, name: `Matrix ${run}`, tracksTotal: 3, spotifyUrl: 'https://open.spotify.com/playlist/MatrixList01', moods: ['focused'], activities: ['work'] },
    list: '/api/playlists',
    ok: 201,
  },
  { name: 'update a playlist', method: 'PATCH', path: () => `/api/playlists/${made.playlist}`, body: { tracksTotal: 4 }, list: '/api/playlists', ok: 200 },
  { name: 'delete a playlist', method: 'DELETE', path: () => `/api/playlists/${made.playlist}`, list: '/api/playlists', ok: 204 },
];

const keyOf = (path: string) =>
  ({ '/api/projects': 'project', '/api/kpis': 'kpi', '/api/timeline': 'timeline', '/api/trends': 'trend', '/api/current-activity': 'activity', '/api/now': 'now', '/api/playlists': 'playlist' })[path]!;

describe('writes', () => {
  for (const write of writes) {
    it(`${write.name}: visitors get 401, viewers 403, and neither changes anything; the admin succeeds`, async () => {
      const key = keyOf(write.list);
      if (write.method !== 'POST' && made[key] === undefined) {
        // Something to act on, made by the admin through the API.
        const create = writes.find((w) => w.list === write.list && w.method === 'POST')!;
        const body = key === 'playlist' ? { ...(create.body as object), id: `Matrix${Date.now()}`, spotifyUrl: 'https://open.spotify.com/playlist/x' } : create.body;
        const created = await call(create.path(), { method: 'POST', body, cookie: admin });
        expect(created.status).toBe(201);
        made[key] = (await created.json()).id;
      }
      // The whole list, as the admin sees it: a refused write changes nothing in it.
      const before = await getJson(write.list, admin);
      expect((await call(write.path(), { method: write.method, body: write.body })).status).toBe(401);
      expect((await call(write.path(), { method: write.method, body: write.body, cookie: viewer })).status).toBe(403);
      expect(await getJson(write.list, admin)).toEqual(before);

      const response = await call(write.path(), { method: write.method, body: write.body, cookie: admin });
      expect(response.status, await response.clone().text()).toBe(write.ok);
      if (write.method === 'DELETE') delete made[key];
      else if (write.method === 'POST') made[key] = (await response.json()).id;
    });
  }

  it('make the focus activity: visitors get 401, viewers 403, another origin 403, and none changes anything; the admin succeeds', async () => {
    // A refused write targets an activity of its own, which must stay what it was.
    const created = await call('/api/current-activity', { method: 'POST', cookie: admin, body: { type: 'learning', title: 'Matrix focus', progress: 1 } });
    const target = (await created.json()) as { id: number };
    const typeOfTarget = async () => ((await getJson(`/api/current-activity/${target.id}`, admin)) as { type: string }).type;
    const path = `/api/current-activity/${target.id}/focus`;
    expect((await call(path, { method: 'POST' })).status).toBe(401);
    expect((await call(path, { method: 'POST', cookie: viewer })).status).toBe(403);
    expect((await call(path, { method: 'POST', cookie: admin, headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(await typeOfTarget()).toBe('learning');
    await call(`/api/current-activity/${target.id}`, { method: 'DELETE', cookie: admin });
    const [focus] = ((await getJson('/api/current-activity', admin)) as Array<{ id: number; type: string }>).filter((a) => a.type === 'focus');
    expect((await call('/api/current-activity/999999999/focus', { method: 'POST', cookie: admin })).status).toBe(404);
    const bad = await call('/api/current-activity/abc/focus', { method: 'POST', cookie: admin });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^id/);
    // The admin re-focuses the item that already is the focus (the seed has one).
    expect(focus, 'the seeded focus').toBeDefined();
    const ok = await call(`/api/current-activity/${focus!.id}/focus`, { method: 'POST', cookie: admin });
    expect(ok.status).toBe(200);
    expect((await ok.json()).type).toBe('focus');
  });

  it('save and preview a case study: visitors get 401, viewers 403, and neither changes anything; the admin succeeds', async () => {
    const created = await call('/api/projects', { method: 'POST', cookie: admin, body: { ...project, name: `Matrix case study ${run}` } });
    const { id } = (await created.json()) as { id: number };
    const body = { caseStudy: `Matrix story ${run}`, published: true };
    for (const [path, method] of [[`/api/projects/${id}/case-study`, 'PUT'], [`/api/projects/${id}/case-study/preview`, 'POST']] as const) {
      expect((await call(path, { method, body: method === 'PUT' ? body : { caseStudy: 'x' } })).status).toBe(401);
      expect((await call(path, { method, body: method === 'PUT' ? body : { caseStudy: 'x' }, cookie: viewer })).status).toBe(403);
    }
    expect(((await getJson(`/api/projects/${id}`, admin)) as { caseStudy: string }).caseStudy).toBe('');
    expect((await call(`/api/projects/${id}/case-study/preview`, { method: 'POST', body: { caseStudy: 'x' }, cookie: admin })).status).toBe(200);
    expect((await call(`/api/projects/${id}/case-study`, { method: 'PUT', body, cookie: admin })).status).toBe(200);
    expect(((await getJson(`/api/projects/${id}`)) as { caseStudy: string }).caseStudy).toBe(body.caseStudy);
    await call(`/api/projects/${id}`, { method: 'DELETE', cookie: admin });
  });

  it('upload-image: visitors get 401 and viewers 403', async () => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'x.png');
    for (const [cookie, status] of [[null, 401], [viewer, 403]] as const) {
      const response = await fetch(new URL('/api/upload-image', base()), {
        method: 'POST',
        body: form,
        headers: { Origin: base(), ...(cookie ? { Cookie: cookie } : {}) },
      });
      expect(response.status).toBe(status);
    }
  });

  it('the Apple Health and import-run doors: visitors 401, viewers 403, the admin from another site 403; nothing is kept or written', async () => {
    const zip = join(mkdtempSync(join(tmpdir(), 'matrix-health-')), 'export.zip');
    await writeZip(zip, 'apple_health_export/export.xml', exportXml({ records: 300, lastDay: '2024-02-02', seed: 5 }));
    const body = readFileSync(zip);
    const metricsBefore = await getJson('/api/metrics', admin);
    const send = (headers: Record<string, string>) =>
      fetch(new URL('/api/apple-health/uploads', base()), { method: 'POST', body, headers: { Origin: base(), 'Content-Type': 'application/zip', ...headers } });
    expect((await send({})).status).toBe(401);
    expect((await send({ Cookie: viewer })).status).toBe(403);
    expect((await send({ Cookie: admin, Origin: 'https://elsewhere.example' })).status).toBe(403);
    const kept = (await (await send({ Cookie: admin })).json()) as { id: string };
    const doors = [
      { method: 'GET', path: `/api/apple-health/uploads/${kept.id}` },
      { method: 'POST', path: `/api/apple-health/uploads/${kept.id}/import`, body: {} },
      { method: 'DELETE', path: `/api/apple-health/uploads/${kept.id}` },
      // Import runs: refused before the run is looked up, so any id will do.
      { method: 'GET', path: '/api/import-runs' },
      { method: 'GET', path: '/api/import-runs/1' },
      { method: 'POST', path: '/api/import-runs/1/resume', body: {} },
      { method: 'POST', path: '/api/import-runs/1/undo' },
    ];
    for (const door of doors) {
      expect((await call(door.path, { ...door })).status, `visitor ${door.method} ${door.path}`).toBe(401);
      expect((await call(door.path, { ...door, cookie: viewer })).status, `viewer ${door.method} ${door.path}`).toBe(403);
      if (door.method !== 'GET') expect((await call(door.path, { ...door, cookie: admin, headers: { Origin: 'https://elsewhere.example' } })).status).toBe(403);
    }
    expect(await getJson('/api/metrics', admin)).toEqual(metricsBefore);
    expect(((await getJson(`/api/apple-health/uploads/${kept.id}`, admin)) as { state: string }).state).toBe('ready');
    expect((await call(`/api/apple-health/uploads/${kept.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    rmSync(dirname(zip), { recursive: true, force: true });
  }, 30_000);

  it("a run's undo: visitors 401, viewers 403, the admin from another site 403, leaving it done; the admin 202, then undone", async () => {
    const zip = join(mkdtempSync(join(tmpdir(), 'matrix-undo-')), 'export.zip');
    await writeZip(zip, 'apple_health_export/export.xml', exportXml({ records: 300, lastDay: '2024-03-03', seed: 6 }));
    const kept = (await (
      await fetch(new URL('/api/apple-health/uploads', base()), { method: 'POST', body: readFileSync(zip), headers: { Origin: base(), Cookie: admin, 'Content-Type': 'application/zip' } })
    ).json()) as { id: string };
    rmSync(dirname(zip), { recursive: true, force: true });
    expect((await call(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', cookie: admin, body: {} })).status).toBe(202);
    const runOf = async () => {
      const { runs } = (await getJson('/api/import-runs', admin)) as { runs: Array<{ id: number; status: string; pointsWritten: number; pointsRemoved: number }> };
      return runs[0]!;
    };
    let run = await runOf();
    while (run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await runOf();
    }
    expect(run.status).toBe('done');
    const metricsBefore = await getJson('/api/metrics', admin);
    const path = `/api/import-runs/${run.id}/undo`;
    expect((await call(path, { method: 'POST' })).status).toBe(401);
    expect((await call(path, { method: 'POST', cookie: viewer })).status).toBe(403);
    expect((await call(path, { method: 'POST', cookie: admin, headers: { Origin: 'https://elsewhere.example' } })).status).toBe(403);
    expect(await runOf()).toEqual(run);
    expect(await getJson('/api/metrics', admin)).toEqual(metricsBefore);
    const undo = await call(path, { method: 'POST', cookie: admin });
    expect(undo.status).toBe(202);
    expect(await undo.json()).toMatchObject({ id: run.id, status: 'undoing' });
    while ((run = await runOf()).status === 'undoing') await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run).toMatchObject({ status: 'undone', pointsRemoved: run.pointsWritten });
  }, 30_000);
});

/**
 * Metrics, their points and access tokens (issue 14). The keys and names carry `run`, so a refused write is
 * checked against this file's own rows only. Every endpoint here calls requireAdmin before it looks up the
 * metric, so a viewer gets 403 (not the 404 an invisible metric gives a GET).
 */
describe('metrics, points and access tokens', () => {
  const crossSite = { Origin: 'https://elsewhere.example' };
  type Method = 'POST' | 'PATCH' | 'DELETE';

  /** Visitor 401, viewer 403, the admin from another site 403; then what they would touch is unchanged. */
  async function refusedByAllButTheAdmin(path: string, method: Method, body: unknown, touched: () => Promise<unknown>) {
    const before = await touched();
    expect((await call(path, { method, body })).status, `visitor ${method} ${path}`).toBe(401);
    expect((await call(path, { method, body, cookie: viewer })).status, `viewer ${method} ${path}`).toBe(403);
    expect((await call(path, { method, body, cookie: admin, headers: crossSite })).status, `other site ${method} ${path}`).toBe(403);
    expect(await touched()).toEqual(before);
  }

  let serial = 0;
  async function newMetric(): Promise<string> {
    const key = `matrix-${run}-${++serial}`;
    const response = await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: `Matrix metric ${key}` } });
    expect(response.status, await response.clone().text()).toBe(201);
    return key;
  }
  /** The metric as the admin sees it (with its point count), or null once it is gone. */
  const metricRow = async (key: string) => {
    const response = await call(`/api/metrics/${key}`, { cookie: admin });
    return response.status === 404 ? null : await response.json();
  };
  const pointsOf = async (key: string) =>
    ((await getJson(`/api/metrics/${key}/points?limit=1000`, admin)) as { points: Array<{ id: number; value: number }>; total: number });
  async function newPoint(key: string): Promise<number> {
    const imported = await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body: [{ at: '2026-03-03', value: 7 }] });
    expect(imported.status, await imported.clone().text()).toBe(200);
    return (await pointsOf(key)).points[0]!.id;
  }
  const tokenRows = async (match: (row: { id: number; name: string }) => boolean) =>
    ((await getJson('/api/tokens', admin)) as Array<{ id: number; name: string }>).filter(match);

  it('GET /api/tokens and a metric\'s point list are the admin\'s alone: visitors get 401, viewers 403', async () => {
    const key = await newMetric();
    for (const path of ['/api/tokens', `/api/metrics/${key}/points`]) {
      expect((await call(path)).status, path).toBe(401);
      expect((await call(path, { cookie: viewer })).status, path).toBe(403);
      expect((await call(path, { cookie: admin })).status, path).toBe(200);
    }
  });

  it('POST /api/metrics: visitors get 401, viewers 403, another origin 403, and no metric appears; the admin creates it', async () => {
    const key = `matrix-${run}-new`;
    const body = { key, name: `Matrix metric ${key}` };
    await refusedByAllButTheAdmin('/api/metrics', 'POST', body, () => metricRow(key));
    expect(await metricRow(key)).toBeNull();
    expect((await call('/api/metrics', { method: 'POST', body, cookie: admin })).status).toBe(201);
    expect(await metricRow(key)).toMatchObject({ key, name: body.name });
  });

  it('PATCH /api/metrics/{key}: refused for visitors (401), viewers (403) and other origins (403) without renaming; the admin renames', async () => {
    const key = await newMetric();
    const path = `/api/metrics/${key}`;
    await refusedByAllButTheAdmin(path, 'PATCH', { name: 'Renamed by a refused write' }, () => metricRow(key));
    const response = await call(path, { method: 'PATCH', body: { name: `Renamed ${run}` }, cookie: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await metricRow(key)).toMatchObject({ name: `Renamed ${run}` });
  });

  it('DELETE /api/metrics/{key}: refused for visitors, viewers and other origins, and the metric and its point stay; the admin deletes', async () => {
    const key = await newMetric();
    await newPoint(key);
    const path = `/api/metrics/${key}`;
    await refusedByAllButTheAdmin(path, 'DELETE', undefined, async () => [await metricRow(key), await pointsOf(key)]);
    const response = await call(path, { method: 'DELETE', cookie: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key, deletedPoints: 1 });
  });

  it('POST /api/metrics/{key}/points/import: refused for visitors, viewers and other origins, and no point is written; the admin imports', async () => {
    const key = await newMetric();
    const path = `/api/metrics/${key}/points/import`;
    const body = [{ at: '2026-04-04', value: 3 }];
    await refusedByAllButTheAdmin(path, 'POST', body, () => pointsOf(key));
    expect((await pointsOf(key)).total).toBe(0);
    const response = await call(path, { method: 'POST', body, cookie: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await pointsOf(key)).total).toBe(1);
  });

  it('PATCH /api/metrics/{key}/points/{id}: refused for visitors, viewers and other origins, and the value stays; the admin edits', async () => {
    const key = await newMetric();
    const id = await newPoint(key);
    const path = `/api/metrics/${key}/points/${id}`;
    await refusedByAllButTheAdmin(path, 'PATCH', { value: 99 }, () => pointsOf(key));
    const response = await call(path, { method: 'PATCH', body: { value: 8 }, cookie: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await pointsOf(key)).points.find((point) => point.id === id)?.value).toBe(8);
  });

  it('DELETE /api/metrics/{key}/points/{id}: refused for visitors, viewers and other origins, and the point stays; the admin deletes', async () => {
    const key = await newMetric();
    const id = await newPoint(key);
    const path = `/api/metrics/${key}/points/${id}`;
    await refusedByAllButTheAdmin(path, 'DELETE', undefined, () => pointsOf(key));
    expect((await call(path, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await pointsOf(key)).total).toBe(0);
  });

  it('POST /api/tokens: visitors get 401, viewers 403, another origin 403, and no token is made; the admin gets one, shown once', async () => {
    const name = `Matrix token ${run} new`;
    await refusedByAllButTheAdmin('/api/tokens', 'POST', { name }, () => tokenRows((row) => row.name === name));
    expect(await tokenRows((row) => row.name === name)).toEqual([]);
    const response = await call('/api/tokens', { method: 'POST', body: { name }, cookie: admin });
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await response.json()).token).toMatch(/^pat_/);
    expect(await tokenRows((row) => row.name === name)).toHaveLength(1);
  });

  it('DELETE /api/tokens/{id}: visitors get 401, viewers 403, another origin 403, and the token stays live; the admin revokes it', async () => {
    const created = await call('/api/tokens', { method: 'POST', body: { name: `Matrix token ${run} revoke` }, cookie: admin });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const path = `/api/tokens/${id}`;
    await refusedByAllButTheAdmin(path, 'DELETE', undefined, () => tokenRows((row) => row.id === id));
    expect(await tokenRows((row) => row.id === id)).toMatchObject([{ revokedAt: null }]);
    const response = await call(path, { method: 'DELETE', cookie: admin });
    expect(response.status).toBe(200);
    expect((await response.json()).revokedAt).not.toBeNull();
  });
});

describe('sign-in and sign-out doors', () => {
  const signedIn = async (cookie: string) => (await call('/api/auth/user', { cookie })).status === 200;
  const crossSite = { Origin: 'https://evil.example' };

  it('POST /api/login/owner/redeem: another origin gets 403 and the link stays usable; a bad token gets 400 for every role and signs no one in', async () => {
    const address = freshClientAddress();
    const link = await printOwnerLink(address);
    const forged = await redeemOwnerLink(link, { ...crossSite, [TEST_CLIENT_HEADER]: address });
    expect(forged.status).toBe(403);
    expect(sessionCookieFrom(forged)).toBeNull();
    for (const cookie of [null, viewer, admin]) {
      const response = await redeemOwnerLink(link.replace(/token=[a-z2-7]+/, 'token=wrong'), {
        [TEST_CLIENT_HEADER]: address,
        ...(cookie ? { Cookie: cookie } : {}),
      });
      expect(response.status).toBe(400);
      expect(sessionCookieFrom(response)).toBeNull();
    }
    // The refusals changed nothing: the viewer and the admin are still signed in, and the link still works.
    expect(await signedIn(viewer)).toBe(true);
    expect(await signedIn(admin)).toBe(true);
    const redeemed = await redeemOwnerLink(link, { [TEST_CLIENT_HEADER]: address });
    expect(redeemed.status).toBe(303);
    expect(sessionCookieFrom(redeemed)).not.toBeNull();
  });

  it('POST /api/logout: another origin gets 403 and the session lives on; same origin signs out visitors, viewers and admins alike', async () => {
    const own = await sessionCookie('viewer');
    const forged = await call('/api/logout', { method: 'POST', cookie: own, headers: crossSite });
    expect(forged.status).toBe(403);
    expect(await signedIn(own)).toBe(true);
    expect((await call('/api/logout', { method: 'POST' })).status).toBe(303);
    for (const cookie of [own, await sessionCookie('admin')]) {
      expect((await call('/api/logout', { method: 'POST', cookie })).status).toBe(303);
      expect(await signedIn(cookie)).toBe(false);
    }
  });
  it('POST /api/sessions: visitors get 401, another origin 403, and neither ends a session', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await call('/api/sessions', { method: 'POST', body: 'action=end-others', headers: form })).status).toBe(401);
    const own = await sessionCookie('viewer');
    const forged = await call('/api/sessions', { method: 'POST', cookie: own, body: 'action=end-others', headers: { ...form, ...crossSite } });
    expect(forged.status).toBe(403);
    expect(await signedIn(own)).toBe(true);
  });
});

describe('passkeys', () => {
  // Each admin manages their own passkeys; creating one needs an authenticator, so the admin's POST here is
  // a malformed body (400) and the DELETE an id nobody has (404): the browser journey registers real ones.
  const passkeyWrites = [
    { name: 'registration options', method: 'POST', path: '/api/passkeys/options', body: undefined, ok: 200 },
    { name: 'register a passkey', method: 'POST', path: '/api/passkeys', body: { name: 'Matrix key', response: {} }, ok: 400 },
    { name: 'remove a passkey', method: 'DELETE', path: '/api/passkeys/999999', body: undefined, ok: 404 },
  ] as const;

  it('GET /api/passkeys lists the admin\'s own passkeys; visitors get 401 and viewers 403', async () => {
    expect((await call('/api/passkeys')).status).toBe(401);
    expect((await call('/api/passkeys', { cookie: viewer })).status).toBe(403);
    const own = await call('/api/passkeys', { cookie: admin });
    expect(own.status).toBe(200);
    expect(Array.isArray(await own.json())).toBe(true);
  });

  for (const write of passkeyWrites) {
    it(`${write.name}: visitors get 401, viewers 403, other sites 403, and none of them changes anything`, async () => {
      const before = await getJson('/api/passkeys', admin);
      expect((await call(write.path, { method: write.method, body: write.body })).status).toBe(401);
      expect((await call(write.path, { method: write.method, body: write.body, cookie: viewer })).status).toBe(403);
      const crossSite = await call(write.path, { method: write.method, body: write.body, cookie: admin, headers: { Origin: 'https://elsewhere.example' } });
      expect(crossSite.status).toBe(403);
      expect(await getJson('/api/passkeys', admin)).toEqual(before);
      const response = await call(write.path, { method: write.method, body: write.body, cookie: admin });
      expect(response.status, await response.clone().text()).toBe(write.ok);
    });
  }

  it('the passkey sign-in doors are open to anyone from the site, and refuse other sites', async () => {
    const from = { [TEST_CLIENT_HEADER]: freshClientAddress() };
    expect((await call('/api/login/passkey/options', { method: 'POST', headers: from })).status).toBe(200);
    expect((await call('/api/login/passkey/options', { method: 'POST', headers: { ...from, Origin: 'https://elsewhere.example' } })).status).toBe(403);
    expect((await call('/api/login/passkey', { method: 'POST', body: {}, headers: from })).status).toBe(400);
    expect((await call('/api/login/passkey', { method: 'POST', body: {}, headers: { ...from, Origin: 'https://elsewhere.example' } })).status).toBe(403);
  });

  it('recovery codes: visitors get 401 and viewers 403 for reading and making them, other sites 403, and none of them changes anything', async () => {
    expect((await call('/api/recovery-codes')).status).toBe(401);
    expect((await call('/api/recovery-codes', { cookie: viewer })).status).toBe(403);
    const before = await getJson('/api/recovery-codes', admin);
    expect((await call('/api/recovery-codes', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/recovery-codes', { method: 'POST', cookie: viewer })).status).toBe(403);
    expect((await call('/api/recovery-codes', { method: 'POST', cookie: admin, headers: { Origin: 'https://elsewhere.example' } })).status).toBe(403);
    expect(await getJson('/api/recovery-codes', admin)).toEqual(before);
    expect((await call('/api/recovery-codes', { method: 'POST', cookie: admin })).status).toBe(201);
  });

  it('the recovery-code sign-in form is open to anyone from the site, and refuses other sites', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', [TEST_CLIENT_HEADER]: freshClientAddress() };
    expect((await call('/api/login/recovery-code', { method: 'POST', body: 'code=abcd-efgh-jkmn-pqrs', headers: form })).status).toBe(400);
    const crossSite = await call('/api/login/recovery-code', { method: 'POST', body: 'code=abcd-efgh-jkmn-pqrs', headers: { ...form, Origin: 'https://elsewhere.example' } });
    expect(crossSite.status).toBe(403);
  });

  it('POST /api/csp-report is open to everyone and every origin (browsers send it), and changes nothing', async () => {
    const report = JSON.stringify({ 'csp-report': { 'document-uri': `${base()}/`, 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } });
    const before = await getJson('/api/projects', admin);
    for (const cookie of [null, viewer, admin]) {
      for (const origin of [base(), 'https://elsewhere.example']) {
        const headers = { 'Content-Type': 'application/csp-report', Origin: origin, [TEST_CLIENT_HEADER]: freshClientAddress() };
        expect((await call('/api/csp-report', { method: 'POST', body: report, cookie, headers })).status).toBe(204);
      }
    }
    expect(await getJson('/api/projects', admin)).toEqual(before);
  });

  it('the owner-link door for `npm run owner-link` does not exist without the local secret', async () => {
    for (const cookie of [null, viewer, admin]) {
      expect((await call('/api/login/owner/local', { method: 'POST', cookie })).status).toBe(404);
    }
  });
});

describe("the owner's check-ins and diary (issue 30)", () => {
  const crossSite = { Origin: 'https://elsewhere.example' };
  const day = '2018-07-01';
  const diary = async () => (await getJson('/api/diary', admin)) as Array<{ id: number; title: string }>;
  const checkin = async () => (await call(`/api/checkins/${day}`, { cookie: admin })).status;

  it('reads: visitors get 401, viewers 403; the admin 200', async () => {
    await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { mood: 3 } });
    for (const path of ['/api/diary', `/api/checkins/${day}`]) {
      expect((await call(path)).status, path).toBe(401);
      expect((await call(path, { cookie: viewer })).status, path).toBe(403);
      expect((await call(path, { cookie: admin })).status, path).toBe(200);
    }
  });

  it('writes: refused for visitors (401), viewers (403) and other origins (403), changing nothing; the admin succeeds', async () => {
    const made = await call('/api/diary', { method: 'POST', cookie: admin, body: { day, title: `Matrix entry ${run}` } });
    const { id } = (await made.json()) as { id: number };
    const writes = [
      ['PUT', '/api/checkins/2018-07-02', { mood: 4 }, 200],
      ['POST', '/api/diary', { day, title: `Matrix refused ${run}` }, 201],
      ['PATCH', `/api/diary/${id}`, { title: `Matrix renamed ${run}` }, 200],
      ['DELETE', `/api/diary/${id}`, undefined, 204],
    ] as const;
    for (const [method, path, body, ok] of writes) {
      const before = [await diary(), await checkin(), (await call('/api/checkins/2018-07-02', { cookie: admin })).status];
      expect((await call(path, { method, body })).status, `visitor ${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, cookie: viewer })).status, `viewer ${method} ${path}`).toBe(403);
      expect((await call(path, { method, body, cookie: admin, headers: crossSite })).status, `other site ${method} ${path}`).toBe(403);
      expect([await diary(), await checkin(), (await call('/api/checkins/2018-07-02', { cookie: admin })).status]).toEqual(before);
      expect((await call(path, { method, body, cookie: admin })).status, `admin ${method} ${path}`).toBe(ok);
    }
  });
});

describe("a metric's goal (issue 30)", () => {
  const crossSite = { Origin: 'https://elsewhere.example' };
  const goalOf = async (key: string) => {
    const response = await call(`/api/metrics/${key}/goal`, { cookie: admin });
    return response.status === 200 ? ((await response.json()) as { amount: number | null; restDays: number }) : response.status;
  };

  it('reads: visitors get 401, viewers 403; the admin 200', async () => {
    const path = '/api/metrics/mindful-minutes/goal';
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { cookie: viewer })).status).toBe(403);
    expect((await call(path, { cookie: admin })).status).toBe(200);
  });

  it('writes: refused for visitors (401), viewers (403) and other origins (403), changing nothing; the admin succeeds', async () => {
    const writes = [
      ['PUT', '/api/metrics/steps/goal', { period: 'day', kind: 'fixed', amount: 9000, restDays: 1 }, 200],
      ['DELETE', '/api/metrics/steps/goal', undefined, 204],
    ] as const;
    for (const [method, path, body, ok] of writes) {
      const before = await goalOf('steps');
      expect((await call(path, { method, body })).status, `visitor ${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, cookie: viewer })).status, `viewer ${method} ${path}`).toBe(403);
      expect((await call(path, { method, body, cookie: admin, headers: crossSite })).status, `other site ${method} ${path}`).toBe(403);
      expect(await goalOf('steps')).toEqual(before);
      expect((await call(path, { method, body, cookie: admin })).status, `admin ${method} ${path}`).toBe(ok);
    }
  });
});

describe('the step-up column: dangerous acts need a recent sign-in (issue 28)', () => {
  // The acts a stale admin session (signed in long ago) may not do; each with a body that a fresh session would
  // get past the check with. The list must match what api/http/openapi.ts marks `stepUp`.
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const signedIn = async (cookie: string) => (await call('/api/auth/user', { cookie })).status === 200;
  const acts = [
    { method: 'POST', path: '/api/tokens', body: { name: 'Matrix step-up' } as unknown, headers: {} },
    { method: 'POST', path: '/api/passkeys/options', body: undefined, headers: {} },
    { method: 'POST', path: '/api/passkeys', body: { name: 'Matrix key', response: {} }, headers: {} },
    { method: 'DELETE', path: '/api/passkeys/{id}', body: undefined, headers: {} },
    { method: 'POST', path: '/api/import', body: 'not an archive', headers: { 'Content-Type': 'application/gzip' } },
    { method: 'POST', path: '/api/sessions', body: 'action=end-others', headers: form },
    { method: 'POST', path: '/api/recovery-codes', body: undefined, headers: {} },
  ] as const;

  it('lists every operation the API contract marks as a step-up', async () => {
    const { ROUTES } = await import('#api/http/openapi.ts');
    const marked = Object.entries(ROUTES).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => (operation?.stepUp ? [`${method.toUpperCase()} ${path}`] : [])),
    );
    expect(acts.map((act) => `${act.method} ${act.path}`).sort()).toEqual(marked.sort());
  });

  it('a stale admin gets 403 step_up_required from each and keeps every token, passkey and recovery code; a viewer still gets 403 for the role', async () => {
    const stale = await sessionCookie('admin');
    const before = [await getJson('/api/tokens', admin), await getJson('/api/passkeys', admin), await getJson('/api/recovery-codes', admin)];
    for (const act of acts) {
      const path = act.path.replace('{id}', '999999');
      const response = await call(path, { method: act.method, body: act.body, cookie: stale, headers: act.headers });
      expect(response.status, `${act.method} ${act.path}`).toBe(403);
      expect(await response.json(), `${act.method} ${act.path}`).toMatchObject({ error: 'step_up_required' });
    }
    expect(await signedIn(stale)).toBe(true);
    expect([await getJson('/api/tokens', admin), await getJson('/api/passkeys', admin), await getJson('/api/recovery-codes', admin)]).toEqual(before);
    expect((await call('/api/tokens', { method: 'POST', body: { name: 'Viewer step-up' }, cookie: viewer })).status).toBe(403);
  });
});
