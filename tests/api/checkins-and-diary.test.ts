import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/**
 * The owner's check-in and diary over HTTP (issue 30): the owner's alone (visitors 401, viewers 403, and
 * nothing they read carries a private note), bad input refused by field with nothing written, and two
 * check-ins of one day sent at once saved as one.
 */
let admin = '';
let viewer = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Days long past, so this file never touches the check-in a browser journey makes today. */
const DAY = '2019-03-0';

beforeAll(async () => {
  admin = await sessionCookie('admin');
  viewer = await sessionCookie('viewer');
});

const checkinOf = async (day: string) => {
  const response = await call(`/api/checkins/${day}`, { cookie: admin });
  return response.status === 404 ? null : await response.json();
};
const entries = async () => (await getJson('/api/diary', admin)) as Array<{ id: number; day: string; title: string; content: string; checkinDay: string | null }>;

describe('check-ins', () => {
  it('merge taps into the day, write the note as the day\'s diary entry, and keep HTML as typed', async () => {
    const day = `${DAY}1`;
    expect((await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { mood: 2 } })).status).toBe(200);
    const note = `<script>alert("${run}")</script> walked by the river`;
    const saved = await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { energy: 4, note, tags: ['Outdoors', 'slept badly'] } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ day, mood: 2, energy: 4, note, tags: ['outdoors', 'slept-badly'] });
    expect((await entries()).filter((entry) => entry.checkinDay === day)).toMatchObject([{ day, title: 'Check-in', content: note }]);
  });

  it.each([
    ['mood', { mood: 6 }],
    ['mood', { mood: 0 }],
    ['energy', { energy: 2.5 }],
    ['note', { note: 'x'.repeat(2001) }],
    ['note', { note: 'bell\u0007' }],
    ['tags', { tags: Array.from({ length: 200 }, (_, index) => `tag${index}`) }],
    ['tags.0', { tags: ['bad\u0001tag'] }],
  ])('refuse a bad %s with 400 naming it, and write nothing', async (field, body) => {
    const day = `${DAY}2`;
    const response = await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe(field);
    expect(await checkinOf(day)).toBeNull();
  });

  it('refuse a day after today or not a date', async () => {
    for (const day of ['2999-01-01', '2026-02-30', 'today']) {
      const response = await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { mood: 3 } });
      expect(response.status, day).toBe(400);
      expect((await response.json()).field).toBe('day');
    }
  });

  it('two sent at once for one day are one check-in and one entry', async () => {
    const day = `${DAY}3`;
    const [a, b] = await Promise.all([
      call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { mood: 5, note: `phone ${run}` } }),
      call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { energy: 1, note: `laptop ${run}` } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await checkinOf(day)).toMatchObject({ mood: 5, energy: 1 });
    expect((await entries()).filter((entry) => entry.checkinDay === day)).toHaveLength(1);
  });

  it('are the owner\'s alone: visitors get 401, viewers 403, and neither writes', async () => {
    const day = `${DAY}4`;
    for (const [cookie, status] of [[null, 401], [viewer, 403]] as const) {
      expect((await call(`/api/checkins/${day}`, { method: 'PUT', cookie, body: { mood: 3 } })).status).toBe(status);
      expect((await call(`/api/checkins/${day}`, { cookie })).status).toBe(status);
    }
    expect(await checkinOf(day)).toBeNull();
  });
});

describe('the diary', () => {
  it('writes, edits and deletes an entry; refuses a future date and a blank title', async () => {
    const created = await call('/api/diary', { method: 'POST', cookie: admin, body: { day: '2019-04-01', title: `Entry ${run}`, content: 'Text', mood: 4, tags: ['rest'] } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const edited = await call(`/api/diary/${id}`, { method: 'PATCH', cookie: admin, body: { content: `Changed ${run}` } });
    expect(await edited.json()).toMatchObject({ id, title: `Entry ${run}`, content: `Changed ${run}`, mood: 4 });
    for (const [body, field] of [[{ day: '2999-01-01', title: 'Later' }, 'day'], [{ day: '2019-04-01', title: '  ' }, 'title']] as const) {
      const before = (await entries()).length;
      const refused = await call('/api/diary', { method: 'POST', cookie: admin, body });
      expect(refused.status).toBe(400);
      expect((await refused.json()).field).toBe(field);
      expect((await entries()).length).toBe(before);
    }
    expect((await call(`/api/diary/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await entries()).some((entry) => entry.id === id)).toBe(false);
  });

  it("is the owner's alone: visitors get 401, viewers 403, and neither changes anything", async () => {
    const created = await call('/api/diary', { method: 'POST', cookie: admin, body: { day: '2019-04-02', title: `Kept ${run}` } });
    const { id } = (await created.json()) as { id: number };
    const before = await entries();
    for (const [cookie, status] of [[null, 401], [viewer, 403]] as const) {
      expect((await call('/api/diary', { cookie })).status).toBe(status);
      expect((await call('/api/diary', { method: 'POST', cookie, body: { day: '2019-04-02', title: 'No' } })).status).toBe(status);
      expect((await call(`/api/diary/${id}`, { method: 'PATCH', cookie, body: { title: 'No' } })).status).toBe(status);
      expect((await call(`/api/diary/${id}`, { method: 'DELETE', cookie })).status).toBe(status);
    }
    expect(await entries()).toEqual(before);
  });
});

describe('nothing private reaches a visitor or a viewer', () => {
  it("a check-in's note and a diary entry's text appear in none of their pages or answers", async () => {
    const secret = `private-note-${run}`;
    const day = `${DAY}5`;
    await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { mood: 4, note: secret, tags: [`tag-${run}`] } });
    await call('/api/diary', { method: 'POST', cookie: admin, body: { day: '2019-04-03', title: `Title ${secret}`, content: secret } });
    const paths = ['/', '/diary', '/mind-body', '/api/metrics', '/api/stats', '/api/kpis', '/api/trends', '/api/metrics/mood', '/api/metrics/energy', '/api/openapi.json'];
    for (const cookie of [null, viewer]) {
      for (const path of paths) {
        const text = await (await call(path, { cookie })).text();
        expect(text, `${cookie ? 'viewer' : 'visitor'} ${path}`).not.toContain(secret);
        expect(text, `${cookie ? 'viewer' : 'visitor'} ${path}`).not.toContain(`tag-${run}`);
      }
      // The mood and energy metrics are the owner's: they do not exist for others.
      expect((await call('/api/metrics/mood', { cookie })).status).toBe(404);
    }
    // The owner does see them, on the diary page and found by its search.
    expect(await (await call('/diary', { cookie: admin })).text()).toContain(secret);
    expect(await (await call(`/diary?q=${secret}`, { cookie: admin })).text()).toContain(`Title ${secret}`);
  });
});
