import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_FAILURES, TOKEN_WRITES_PER_MINUTE } from '#api/auth/bearer.ts';
import { base, call } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookie } from '../support/sign-in.ts';

/**
 * Metrics, personal access tokens and the bearer endpoint POST /api/metrics/{key}/points, against the
 * real server (OWNER_TIME_ZONE=Pacific/Auckland there).
 */
let admin = '';
let viewer = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const address = freshClientAddress();

beforeAll(async () => {
  admin = await sessionCookie('admin', { fresh: true });
  viewer = await sessionCookie('viewer');
});

async function newMetric(name: string, values: Record<string, unknown> = {}): Promise<string> {
  const key = `t-${name}-${run}`;
  const response = await call('/api/metrics', {
    method: 'POST',
    cookie: admin,
    body: { key, name: `Test ${name}`, unit: 'x', ...values },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return key;
}

async function newToken(values: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
  const response = await call('/api/tokens', {
    method: 'POST',
    cookie: admin,
    body: { name: `Token ${run}`, ...values },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; token: string };
}

/** A client with no cookie and no Origin, as curl or a phone shortcut sends it. */
function push(key: string, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  return fetch(new URL(`/api/metrics/${key}/points`, base()), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [TEST_CLIENT_HEADER]: address,
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    // A string is sent as written (JSON can spell numbers that do not fit a double, like 1e999).
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const total = async (key: string) =>
  ((await (await call(`/api/metrics/${key}/points?limit=1`, { cookie: admin })).json()) as { total: number }).total;

describe('metrics', () => {
  it('creates a metric owner-only by default; its key is fixed, its name may change', async () => {
    const key = await newMetric('basic');
    const metric = await (await call(`/api/metrics/${key}`, { cookie: admin })).json();
    expect(metric).toMatchObject({ key, visibility: 'owner', aggregation: 'sum', points: 0 });
    expect((await call(`/api/metrics/${key}`, { cookie: viewer })).status).toBe(404);
    expect((await call(`/api/metrics/${key}`)).status).toBe(404);
    const renamed = await call(`/api/metrics/${key}`, { method: 'PATCH', cookie: admin, body: { name: 'Renamed' } });
    expect(await renamed.json()).toMatchObject({ key, name: 'Renamed' });
    const rekey = await call(`/api/metrics/${key}`, { method: 'PATCH', cookie: admin, body: { key: 'other' } });
    expect(rekey.status).toBe(400);
    expect(await rekey.json()).toMatchObject({ field: 'key' });
    expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: 'Again' } })).status).toBe(
      409,
    );
    expect(
      (await call('/api/metrics', { method: 'POST', cookie: admin, body: { key: 'Bad Key', name: 'x' } })).status,
    ).toBe(400);
    expect(
      (await call('/api/metrics', { method: 'POST', cookie: viewer, body: { key: `v-${run}`, name: 'x' } })).status,
    ).toBe(403);
  });

  it('deleting a metric says how many points went with it', async () => {
    const key = await newMetric('delete');
    const imported = await call(`/api/metrics/${key}/points/import`, {
      method: 'POST',
      cookie: admin,
      body: [
        { at: '2026-01-01', value: 1 },
        { at: '2026-01-02', value: 2 },
      ],
    });
    expect(imported.status).toBe(200);
    expect((await call(`/api/metrics/${key}`, { cookie: admin }).then((r) => r.json())).points).toBe(2);
    const deleted = await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
    expect(await deleted.json()).toEqual({ key, deletedPoints: 2 });
    expect((await call(`/api/metrics/${key}`, { cookie: admin })).status).toBe(404);
  });
});

describe('access tokens', () => {
  it('shows the token once; the list has name, last use and expiry but never the token or its hash', async () => {
    const { id, token } = await newToken({ expiresAt: '2099-01-01T00:00:00Z' });
    expect(token).toMatch(/^pat_[a-z2-7]{32}$/);
    const listText = await (await call('/api/tokens', { cookie: admin })).text();
    expect(listText).not.toContain(token);
    expect(listText).not.toMatch(/tokenHash|token_hash/);
    const listed = (JSON.parse(listText) as Array<Record<string, unknown>>).find((row) => row.id === id)!;
    expect(listed).toMatchObject({
      name: `Token ${run}`,
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect((await call('/api/tokens', { cookie: viewer })).status).toBe(403);
    expect((await call('/api/tokens')).status).toBe(401);
    const past = await call('/api/tokens', {
      method: 'POST',
      cookie: admin,
      body: { name: 'Old', expiresAt: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ field: 'expiresAt' });
  });

  it('writes a point with a token (no cookie, no Origin), records the last use, and a resend updates it', async () => {
    const key = await newMetric('write');
    const { id, token } = await newToken();
    const first = await push(key, token, { at: '2026-11-01T08:00:00Z', value: 4, note: 'morning' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ metric: key, inserted: 1, updated: 0 });
    const again = await push(key, token, { at: '2026-11-01T08:00:00Z', value: 5 });
    expect(await again.json()).toEqual({ metric: key, inserted: 0, updated: 1 });
    const { points } = (await (await call(`/api/metrics/${key}/points`, { cookie: admin })).json()) as {
      points: Array<{ value: number; note: string }>;
    };
    expect(points).toMatchObject([{ value: 5, note: 'morning' }]);
    const listed = (
      (await (await call('/api/tokens', { cookie: admin })).json()) as Array<{ id: number; lastUsedAt: string | null }>
    ).find((row) => row.id === id)!;
    expect(Date.now() - Date.parse(listed.lastUsedAt!)).toBeLessThan(60_000);
    // `at` defaults to now.
    const now = await push(key, token, { value: 1 });
    expect(await now.json()).toMatchObject({ inserted: 1 });
    // Another site's Origin does not matter: the token, not the browser, authorizes.
    expect(
      (await push(key, token, { at: '2026-11-02', value: 1 }, { Origin: 'https://elsewhere.example' })).status,
    ).toBe(200);
  });

  it('takes a batch of up to 1,000, all or nothing, naming the row and field of a refusal', async () => {
    const key = await newMetric('batch');
    const { token } = await newToken();
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
    const batch = Array.from({ length: 1000 }, (_, n) => ({ at: day(n), value: n }));
    expect(await (await push(key, token, batch)).json()).toEqual({ metric: key, inserted: 1000, updated: 0 });
    expect(await (await push(key, token, { points: batch.slice(0, 3) })).json()).toEqual({
      metric: key,
      inserted: 0,
      updated: 3,
    });
    expect(await total(key)).toBe(1000);

    const cases: Array<[string, unknown, string, number | undefined]> = [
      [
        'a non-finite value',
        `[{"value": 1, "at": "${day(-500)}"}, {"value": 1e999, "at": "${day(-501)}"}]`,
        'points[1].value',
        1,
      ],
      ['a missing value', [{ value: 1, at: day(-500) }, { at: day(-501) }], 'points[1].value', 1],
      [
        'a text value',
        [
          { value: 1, at: day(-500) },
          { value: 1, at: day(-501) },
          { value: '3', at: day(-502) },
        ],
        'points[2].value',
        2,
      ],
      [
        'a date that is not ISO 8601',
        [
          { value: 1, at: day(-500) },
          { value: 1, at: '03/04/2026' },
        ],
        'points[1].at',
        1,
      ],
      [
        'a date two days ahead',
        [{ value: 1, at: new Date(Date.now() + 2 * 86_400_000).toISOString() }],
        'points[0].at',
        0,
      ],
      ['an unknown field', [{ value: 1, at: day(-500), colour: 'red' }], 'points[0].colour', 0],
      ['a source with a line break', [{ value: 1, at: day(-500), source: 'iPhone\nWatch' }], 'points[0].source', 0],
      ['a source of 81 characters', [{ value: 1, at: day(-500), source: 'x'.repeat(81) }], 'points[0].source', 0],
      ['1,001 points', Array.from({ length: 1001 }, (_, n) => ({ at: day(-2000 - n), value: 1 })), 'points', undefined],
    ];
    for (const [what, body, field, row] of cases) {
      const response = await push(key, token, body);
      expect(response.status, what).toBe(400);
      const answer = (await response.json()) as { error: string; field: string; row?: number };
      expect(answer.field, what).toBe(field);
      expect(answer.row, what).toBe(row);
      expect(answer.error, what).toContain(field);
    }
    // Nothing of the refused batches was written, not even their good rows.
    expect(await total(key)).toBe(1000);
  });

  it('answers 404 for an unknown metric key', async () => {
    const { token } = await newToken();
    expect((await push(`no-such-${run}`, token, { value: 1 })).status).toBe(404);
  });

  it('refuses a wrong, revoked or expired token alike with 401, and a cookie alone', async () => {
    const key = await newMetric('refusals');
    const revoked = await newToken();
    expect((await call(`/api/tokens/${revoked.id}`, { method: 'DELETE', cookie: admin })).status).toBe(200);
    const expiring = await newToken({ expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect((await push(key, expiring.token, { at: '2026-01-01', value: 1 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const bodies = new Set<string>();
    for (const token of [`pat_${'a'.repeat(32)}`, 'nonsense', revoked.token, expiring.token]) {
      const response = await push(key, token, { at: '2026-01-02', value: 1 });
      expect(response.status, token).toBe(401);
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
    // The owner's own session does not open the endpoint either, from the site itself.
    const cookieOnly = await call(`/api/metrics/${key}/points`, { method: 'POST', cookie: admin, body: { value: 1 } });
    expect(cookieOnly.status).toBe(401);
    expect(await total(key)).toBe(1);
  });

  it('limits a token to its metrics', async () => {
    const allowed = await newMetric('scope-a');
    const other = await newMetric('scope-b');
    const { token } = await newToken({ metricKeys: [allowed] });
    expect((await push(allowed, token, { at: '2026-01-01', value: 1 })).status).toBe(200);
    expect((await push(other, token, { at: '2026-01-01', value: 1 })).status).toBe(403);
    expect(await total(other)).toBe(0);
  });

  it('answers 403 when a token is used on any other endpoint', async () => {
    const { token } = await newToken();
    const key = await newMetric('elsewhere');
    const auth = { Authorization: `Bearer ${token}` };
    expect((await fetch(new URL('/api/kpis', base()), { headers: auth })).status).toBe(403);
    expect((await fetch(new URL(`/api/metrics/${key}/points`, base()), { headers: auth })).status).toBe(403);
    expect(
      (
        await fetch(new URL('/api/tokens', base()), {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: '{"name":"x"}',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(new URL(`/api/metrics/${key}/points/import`, base()), {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: '[{"value":1}]',
        })
      ).status,
    ).toBe(403);
    expect(await total(key)).toBe(0);
  });

  it(`stops an address after ${TOKEN_FAILURES} failed attempts, even with a good token then`, async () => {
    const key = await newMetric('guessing');
    const { token } = await newToken();
    const from = { [TEST_CLIENT_HEADER]: freshClientAddress() };
    for (let attempt = 1; attempt <= TOKEN_FAILURES; attempt++) {
      expect((await push(key, `pat_${'b'.repeat(32)}`, { value: 1 }, from)).status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await push(key, token, { at: '2026-01-01', value: 1 }, from);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await push(key, token, { at: '2026-01-01', value: 1 })).status).toBe(200);
  });

  it(`limits each token to ${TOKEN_WRITES_PER_MINUTE} writes a minute`, async () => {
    const key = await newMetric('flood');
    const { token } = await newToken();
    const other = await newToken();
    for (let n = 0; n < TOKEN_WRITES_PER_MINUTE; n++)
      expect(
        (await push(key, token, { at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`, value: n })).status,
      ).toBe(200);
    const refused = await push(key, token, { at: '2026-02-01', value: 1 });
    expect(refused.status).toBe(429);
    expect((await push(key, other.token, { at: '2026-02-01', value: 1 })).status).toBe(200);
  });
});

describe('admin writes and KPIs computed from points', () => {
  it('imports through the session (admin only, origin-checked)', async () => {
    const key = await newMetric('import');
    expect(
      (await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: viewer, body: [{ value: 1 }] }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(`/api/metrics/${key}/points/import`, {
          method: 'POST',
          cookie: admin,
          body: [{ value: 1 }],
          headers: { Origin: 'https://elsewhere.example' },
        })
      ).status,
    ).toBe(403);
    const refused = await call(`/api/metrics/${key}/points/import`, {
      method: 'POST',
      cookie: admin,
      body: [{ value: 1, at: '2026-01-01' }, { value: null }],
    });
    expect(await refused.json()).toMatchObject({ field: 'points[1].value', row: 1 });
    expect(await total(key)).toBe(0);
  });

  it('edits a point’s value, note and date; a date another point holds, or the far future, is refused', async () => {
    const key = await newMetric('move');
    const write = (body: unknown) => call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body });
    expect((await write([{ at: '2026-03-01', value: 1 }, { at: '2026-03-02', value: 2 }])).status).toBe(200);
    const { points } = (await (await call(`/api/metrics/${key}/points`, { cookie: admin })).json()) as {
      points: { id: number; at: string; value: number }[];
    };
    const first = points.find((point) => point.value === 1)!;
    const patch = (body: unknown) => call(`/api/metrics/${key}/points/${first.id}`, { method: 'PATCH', cookie: admin, body });
    // A date alone is noon of that day in the owner's zone (Auckland is UTC+13 in March).
    const moved = await patch({ at: '2026-02-27', value: 5, note: 'moved' });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await moved.json()).toMatchObject({ at: '2026-02-26T23:00:00.000Z', value: 5, note: 'moved' });
    const taken = await patch({ at: '2026-03-02' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ field: 'at' });
    const future = await patch({ at: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ field: 'at' });
    expect(await total(key)).toBe(2);
  });

  it('computes a KPI from its metric with month boundaries in the owner’s zone (Pacific/Auckland)', async () => {
    const key = await newMetric('kpi', { aggregation: 'sum', visibility: 'signed-in' });
    const metric = await (await call(`/api/metrics/${key}`, { cookie: admin })).json();
    const created = await call('/api/kpis', {
      method: 'POST',
      cookie: admin,
      body: {
        name: `Computed ${run}`,
        value: '-',
        icon: 'Zap',
        color: '#6fffe9',
        category: 'test',
        position: 990,
        metricId: metric.id,
      },
    });
    expect(created.status).toBe(201);
    const kpi = (await created.json()) as { id: number };
    // This month in Auckland, and the instant just after it started / just before, in Auckland's wall-clock time.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const previousLastDay = new Date(Date.UTC(year, monthNumber - 1, 0)).toISOString().slice(0, 10);
    const written = await call(`/api/metrics/${key}/points/import`, {
      method: 'POST',
      cookie: admin,
      body: [
        { at: `${month}-01T00:30:00`, value: 7 },
        { at: `${previousLastDay}T23:30:00`, value: 5 },
      ],
    });
    expect(written.status).toBe(200);
    const read = (await (await call(`/api/kpis/${kpi.id}`, { cookie: viewer })).json()) as {
      value: string;
      sparklineData: number[];
      change: string;
    };
    expect(read.value).toBe('7');
    expect(read.sparklineData.slice(-2)).toEqual([5, 7]);
    expect(read.sparklineData).toHaveLength(12);
    const stats = (await (await call('/api/stats', { cookie: viewer })).json()) as Array<{ id: number; value: string }>;
    expect(stats.find((row) => row.id === kpi.id)?.value).toBe('7');
  });
});
