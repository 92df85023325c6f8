import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * A metric's goal over HTTP (issue 30, item 5): the seeded mindfulness goal keeps a streak; bad input is a
 * 400 naming the field and writes nothing; the goal is the owner's alone.
 */
let admin = '';
let viewer = '';
beforeAll(async () => {
  admin = await sessionCookie('admin');
  viewer = await sessionCookie('viewer');
});

const goal = (key: string) => call(`/api/metrics/${key}/goal`, { cookie: admin });

describe("a metric's goal", () => {
  it('is seeded for mindful minutes: 15 a day with a rest day a week, and a streak', async () => {
    const response = await goal('mindful-minutes');
    expect(response.status).toBe(200);
    const standing = (await response.json()) as { period: string; kind: string; amount: number; restDays: number; target: number; streak: number };
    expect(standing).toMatchObject({ period: 'day', kind: 'fixed', amount: 15, restDays: 1, target: 15 });
    expect(standing.streak).toBeGreaterThan(0);
  });

  it('is set, changed to adaptive and removed by the owner', async () => {
    const set = await call('/api/metrics/language-practice/goal', { method: 'PUT', cookie: admin, body: { period: 'week', kind: 'fixed', amount: 10 } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ period: 'week', kind: 'fixed', amount: 10, restDays: 0, target: 10 });
    const adaptive = await call('/api/metrics/language-practice/goal', { method: 'PUT', cookie: admin, body: { period: 'day', kind: 'adaptive', amount: 3, restDays: 2 } });
    // An adaptive goal keeps no amount: its target is the average of the same weekday over 8 weeks.
    const body = (await adaptive.json()) as { amount: number | null; target: number | null; restDays: number };
    expect(body).toMatchObject({ amount: null, restDays: 2 });
    expect(body.target).toBeGreaterThan(0);
    expect((await call('/api/metrics/language-practice/goal', { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await goal('language-practice')).status).toBe(404);
    expect((await call('/api/metrics/no-such-metric/goal', { method: 'PUT', cookie: admin, body: { period: 'day', kind: 'adaptive' } })).status).toBe(404);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const before = await (await goal('mindful-minutes')).json();
    for (const [body, field] of [
      [{ period: 'day', kind: 'fixed' }, 'amount'],
      [{ period: 'day', kind: 'fixed', amount: -3 }, 'amount'],
      [{ period: 'month', kind: 'fixed', amount: 3 }, 'period'],
      [{ period: 'day', kind: 'fixed', amount: 3, restDays: 7 }, 'restDays'],
      [{ period: 'day', kind: 'guess', amount: 3 }, 'kind'],
      [{ period: 'day', kind: 'fixed', amount: 3, colour: 'red' }, 'colour'],
    ] as const) {
      const response = await call('/api/metrics/mindful-minutes/goal', { method: 'PUT', cookie: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).field).toBe(field);
    }
    expect(await (await goal('mindful-minutes')).json()).toEqual(before);
  });

  it('refuses rest days on a weekly goal, which only a daily streak uses, writing nothing', async () => {
    const before = await (await goal('mindful-minutes')).json();
    const response = await call('/api/metrics/mindful-minutes/goal', { method: 'PUT', cookie: admin, body: { period: 'week', kind: 'fixed', amount: 60, restDays: 1 } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'restDays: must be 0 for a weekly goal', field: 'restDays' });
    expect(await (await goal('mindful-minutes')).json()).toEqual(before);
  });

  it("fills Mind & Body's Daily Goals: mindfulness and hydration from their goals, movement a marked sample", async () => {
    const html = await (await call('/mind-body', { cookie: admin })).text();
    expect(html.match(/Sample: set a daily goal on its metric's page/g)).toHaveLength(1);
    const standing = (await (await goal('water')).json()) as { current: number; target: number };
    expect(html.replace(/<!--.*?-->/g, '')).toContain(`${Math.round(standing.current)} / ${standing.target} glasses`);
  });

  it("shows on the owner's KPI card, and on no one else's dashboard", async () => {
    const owner = await (await call('/', { cookie: admin })).text();
    expect(owner).toMatch(/data-goal="?[^>]*>A \d+-day streak, [01] of 1 rest day left this week\./);
    for (const cookie of [null, viewer]) {
      const html = await (await call('/', { cookie })).text();
      expect(html).not.toContain('-day streak');
      expect(html).not.toContain('rest day');
    }
    expect(JSON.stringify(await (await call('/api/stats', { cookie: admin })).json())).not.toContain('streak');
  });
});
