import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/**
 * Who sees which number: visitors the public items, viewers also the signed-in ones, the owner all;
 * in every read (lists, single items, /api/stats), enforced by the server.
 */
let admin = '';
let viewer = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LEVELS = ['public', 'signed-in', 'owner'] as const;
const made: Record<string, Record<(typeof LEVELS)[number], number | string>> = {
  kpi: {} as never,
  trend: {} as never,
  metric: {} as never,
};

beforeAll(async () => {
  admin = await sessionCookie('admin');
  viewer = await sessionCookie('viewer');
  for (const visibility of LEVELS) {
    const kpi = await call('/api/kpis', {
      method: 'POST',
      cookie: admin,
      body: {
        name: `Vis ${visibility} ${run}`,
        value: '1',
        icon: 'Zap',
        color: '#6fffe9',
        category: 'test',
        position: 995,
        visibility,
      },
    });
    expect(kpi.status).toBe(201);
    made.kpi![visibility] = ((await kpi.json()) as { id: number }).id;
    const trend = await call('/api/trends', {
      method: 'POST',
      cookie: admin,
      body: {
        name: `Vis ${visibility} ${run}`,
        data: [1],
        labels: ['Jan'],
        color: '#6fffe9',
        unit: '',
        description: '',
        visibility,
      },
    });
    expect(trend.status).toBe(201);
    made.trend![visibility] = ((await trend.json()) as { id: number }).id;
    const key = `vis-${visibility}-${run}`;
    expect(
      (await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: key, visibility } })).status,
    ).toBe(201);
    made.metric![visibility] = key;
  }
});

const people = () =>
  [
    ['a visitor', null, ['public']],
    ['a viewer', viewer, ['public', 'signed-in']],
    ['the owner', admin, ['public', 'signed-in', 'owner']],
  ] as const;

describe('visibility', () => {
  it.each([
    ['/api/kpis', 'kpi', 'id'],
    ['/api/stats', 'kpi', 'id'],
    ['/api/trends', 'trend', 'id'],
    ['/api/metrics', 'metric', 'key'],
  ] as const)('%s lists only what each person may see', async (path, kind, idField) => {
    for (const [who, cookie, sees] of people()) {
      const response = await call(path, { cookie });
      expect(response.status, who).toBe(200);
      const ids = ((await response.json()) as Array<Record<string, unknown>>).map((row) => row[idField]);
      for (const level of LEVELS)
        expect(ids.includes(made[kind]![level]), `${who} / ${level}`).toBe((sees as readonly string[]).includes(level));
    }
  });

  it.each([
    ['kpi', (id: number | string) => `/api/kpis/${id}`],
    ['trend', (id: number | string) => `/api/trends/${id}`],
    ['metric', (id: number | string) => `/api/metrics/${id}`],
  ] as const)('a single %s the person may not see answers 404', async (kind, path) => {
    for (const [who, cookie, sees] of people()) {
      for (const level of LEVELS) {
        const status = (await call(path(made[kind]![level]), { cookie })).status;
        expect(status, `${who} / ${level}`).toBe((sees as readonly string[]).includes(level) ? 200 : 404);
      }
    }
  });

  it('the seed shows visitors a few public items only', async () => {
    const stats = (await (await call('/api/stats')).json()) as Array<{ name: string }>;
    expect(stats.map((row) => row.name)).toContain('Projects Shipped');
    expect(stats.map((row) => row.name)).not.toContain('Deep Work');
    const trends = (await (await call('/api/trends')).json()) as Array<{ name: string }>;
    expect(trends.map((row) => row.name)).toContain('Commits');
    expect(trends.map((row) => row.name)).not.toContain('Deep Work Hours');
  });
});

describe('the landing’s row of public metrics', () => {
  it('shows visitors the public metrics, drawn on the server, and nothing else', async () => {
    const html = await (await call('/')).text();
    const row = /<div[^>]*data-public-metrics[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    expect(row).toContain('data-metric="steps"');
    expect(row).toContain('data-metric="commits"');
    expect(row).toContain(`data-metric="vis-public-${run}"`);
    expect(row).not.toContain('data-metric="weight"');
    expect(row).not.toContain('data-metric="sleep"');
    expect(row).not.toContain(`vis-signed-in-${run}`);
    expect(row).not.toContain(`vis-owner-${run}`);
    expect(row).toMatch(/<svg[^>]*aria-hidden="true"[\s\S]*?<path d="M0\.0,/);
    expect(row).toContain('Last twelve months:');
    expect(row).not.toContain('<script');
  });
});

describe('the landing stays current for visitors', () => {
  it('shows a point written to a public metric at once, though visitors’ pages are served from a cache', async () => {
    const key = made.metric!.public as string;
    const card = (html: string) => new RegExp(`<li[^>]*data-metric="${key}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
    const before = card(await (await call('/')).text());
    expect(before).not.toBe('');
    const write = await call(`/api/metrics/${key}/points/import`, {
      method: 'POST',
      cookie: admin,
      body: { value: 987654 },
    });
    expect(write.status).toBe(200);
    const after = card(await (await call('/')).text());
    expect(after).not.toBe('');
    expect(after).not.toBe(before);
  });
});
