import { beforeAll, describe, expect, it } from 'vitest';
import { base, call } from '../support/http.ts';
import { createProject } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/**
 * The signed-in dashboard is kept, finished and compressed, per person until a write (api/cache/dashboard-page-cache.ts):
 * every kind of write it shows must be on the very next render, and a copy must never reach another person.
 * On the embedded database the copy is really used: a kept copy's answer says its Age, a page just rendered has
 * none. On PostgreSQL the page is rendered every time and the same checks hold.
 */
const embedded = !workerServer().databaseUrl;
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let owner = '';
let viewer = '';

beforeAll(async () => {
  owner = await sessionCookie('admin', { fresh: true });
  viewer = await sessionCookie('viewer');
});

async function dashboardAnswer(cookie: string): Promise<{ html: string; kept: boolean }> {
  const response = await call('/', { cookie });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('id="stats-title"');
  // A kept copy says how old it is (Age); a page just rendered has none.
  return { html, kept: response.headers.get('age') !== null };
}

const dashboard = async (cookie: string) => (await dashboardAnswer(cookie)).html;

/**
 * The dashboard as the person's kept copy has it: read until an answer comes from the copy (another test file's
 * write in between empties the cache, so a few tries may be needed).
 */
async function keptDashboard(cookie: string): Promise<string> {
  let last = await dashboardAnswer(cookie);
  if (!embedded) return last.html;
  for (let attempt = 0; attempt < 10 && !last.kept; attempt++) last = await dashboardAnswer(cookie);
  if (last.kept) return last.html;
  throw new Error('The dashboard was rendered afresh on every request: no copy was kept');
}

async function ok(response: Promise<Response>, status = 200): Promise<any> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return answer.status === 204 ? null : answer.json();
}

/** The KPI cards' data as the page carries it for the cards' script. */
function stats(html: string): Array<{ id: number; name: string; value: string }> {
  const attribute = /data-stats="([^"]*)"/.exec(html)?.[1] ?? '[]';
  return JSON.parse(attribute.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'));
}

const kpiBody = (name: string, visibility = 'owner') => ({
  name,
  value: '11',
  icon: 'Zap',
  color: '#6fffe9',
  category: 'test',
  position: 980,
  visibility,
});

describe('the signed-in dashboard, kept between renders', () => {
  it('shows a KPI made, changed and removed on the next render', async () => {
    const name = `Kept KPI ${run}`;
    await keptDashboard(owner);
    const kpi = await ok(call('/api/kpis', { method: 'POST', cookie: owner, body: kpiBody(name) }), 201);
    expect(stats(await dashboard(owner)).find((card) => card.id === kpi.id)?.value).toBe('11');
    await keptDashboard(owner);
    await ok(call(`/api/kpis/${kpi.id}`, { method: 'PATCH', cookie: owner, body: { value: '12' } }));
    expect(stats(await dashboard(owner)).find((card) => card.id === kpi.id)?.value).toBe('12');
    await keptDashboard(owner);
    await ok(call(`/api/kpis/${kpi.id}`, { method: 'DELETE', cookie: owner }), 204);
    expect(stats(await dashboard(owner)).some((card) => card.id === kpi.id)).toBe(false);
  });

  it('shows a point written through an access token on the next render of the KPI it backs', async () => {
    const key = `kept-${run}`;
    const metric = await ok(
      call('/api/metrics', { method: 'POST', cookie: owner, body: { key, name: key, unit: 'x', aggregation: 'sum' } }),
      201,
    );
    const kpi = await ok(
      call('/api/kpis', { method: 'POST', cookie: owner, body: { ...kpiBody(`Backed ${run}`), metricId: metric.id } }),
      201,
    );
    const { token } = await ok(
      call('/api/tokens', { method: 'POST', cookie: owner, body: { name: `Kept ${run}` } }),
      201,
    );
    const value = () => stats(html).find((card) => card.id === kpi.id)?.value;
    let html = await keptDashboard(owner);
    expect(value()).toBe('0');
    const point = await fetch(new URL(`/api/metrics/${key}/points`, base()), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ at: new Date(Date.now() - 60_000).toISOString(), value: 4321 }]),
    });
    expect(point.status, await point.clone().text()).toBeLessThan(300);
    html = await dashboard(owner);
    expect(value()).toBe('4,321');
  });

  it('counts one device per day and every point a person entered, for points written with a token', async () => {
    const key = `devices-${run}`;
    const metric = await ok(
      call('/api/metrics', { method: 'POST', cookie: owner, body: { key, name: key, unit: 'steps', aggregation: 'sum' } }),
      201,
    );
    const kpi = await ok(
      call('/api/kpis', { method: 'POST', cookie: owner, body: { ...kpiBody(`Devices ${run}`), metricId: metric.id } }),
      201,
    );
    const { token } = await ok(call('/api/tokens', { method: 'POST', cookie: owner, body: { name: `Devices ${run}` } }), 201);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // The phone and the watch counted the same walk; the phone sent more points today, so its count stands.
    const points = [
      ...[1, 2, 3].map((minutes) => ({ at: minutesAgo(minutes), value: 100, source: 'iPhone' })),
      ...[1, 2].map((minutes) => ({ at: minutesAgo(minutes), value: 400, source: 'Apple Watch' })),
      // Typed by the owner (no source): it always counts.
      { at: minutesAgo(4), value: 7 },
    ];
    const written = await fetch(new URL(`/api/metrics/${key}/points`, base()), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(points),
    });
    expect(written.status, await written.clone().text()).toBe(200);
    expect(await written.json()).toMatchObject({ inserted: 6 });
    const html = await dashboard(owner);
    expect(stats(html).find((card) => card.id === kpi.id)?.value).toBe('307');
    const listed = await ok(call(`/api/metrics/${key}/points`, { cookie: owner }), 200);
    expect(new Set(listed.points.map((point: { source: string }) => point.source))).toEqual(new Set(['iPhone', 'Apple Watch', 'manual']));
  });

  it('shows a change of the focus activity in the pill on the next render', async () => {
    const activities = (await ok(call('/api/current-activity', { cookie: owner }))) as Array<{
      id: number;
      type: string;
      title: string;
    }>;
    const focus = activities.find((activity) => activity.type === 'focus')!;
    const title = `Kept focus ${run}`;
    try {
      await keptDashboard(owner);
      await ok(call(`/api/current-activity/${focus.id}`, { method: 'PATCH', cookie: owner, body: { title } }));
      expect(await dashboard(owner)).toContain(`Currently: ${title}`);
    } finally {
      await ok(
        call(`/api/current-activity/${focus.id}`, { method: 'PATCH', cookie: owner, body: { title: focus.title } }),
      );
    }
  });

  it('shows a new project in its Deep Dive block on the next render, and its removal', async () => {
    const block = (html: string) => /<article id="personal-development"[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
    await keptDashboard(owner);
    // The newest start date of its category: first in the block.
    const project = await createProject(owner, { category: 'personal', startDate: '2099-01-01', endDate: null });
    try {
      expect(block(await dashboard(owner))).toContain(project.name);
      await keptDashboard(owner);
    } finally {
      await ok(call(`/api/projects/${project.id}`, { method: 'DELETE', cookie: owner }), 204);
    }
    expect(block(await dashboard(owner))).not.toContain(project.name);
  });

  it('never shows one person’s kept copy to another: the owner-only KPI stays the owner’s', async () => {
    const name = `Owner only ${run}`;
    const kpi = await ok(call('/api/kpis', { method: 'POST', cookie: owner, body: kpiBody(name, 'owner') }), 201);
    try {
      const ownersPage = await keptDashboard(owner);
      expect(stats(ownersPage).some((card) => card.id === kpi.id)).toBe(true);
      const viewersPage = await keptDashboard(viewer);
      expect(stats(viewersPage).some((card) => card.id === kpi.id)).toBe(false);
      expect(viewersPage).not.toContain(name);
      expect(stats(await keptDashboard(owner)).some((card) => card.id === kpi.id)).toBe(true);
    } finally {
      await ok(call(`/api/kpis/${kpi.id}`, { method: 'DELETE', cookie: owner }), 204);
    }
  });
});
