import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/** Bad input never reaches the database: a clear 4xx naming the field, and nothing written. */
let admin = '';
beforeAll(async () => {
  admin = await sessionCookie('admin', { fresh: true });
});

/** The whole list as the admin sees it: a refused write leaves it as it was. */
const list = (path: string) => getJson(path, admin);

const project = {
  name: 'Valid',
  description: 'A valid project.',
  status: 'planned',
  progress: 0,
  category: 'development',
  tags: [],
  technologies: [],
  startDate: '',
  endDate: '',
};

type Case = [label: string, body: unknown, status: number, field?: string];

const projectCases: Case[] = [
  ['missing name', { ...project, name: undefined }, 400, 'name'],
  ['blank name', { ...project, name: '   ' }, 400, 'name'],
  ['name of the wrong type', { ...project, name: 42 }, 400, 'name'],
  ['progress as text', { ...project, progress: '50' }, 400, 'progress'],
  ['progress above 100', { ...project, progress: 101 }, 400, 'progress'],
  ['progress below 0', { ...project, progress: -1 }, 400, 'progress'],
  ['progress not whole', { ...project, progress: 1.5 }, 400, 'progress'],
  ['tags not a list', { ...project, tags: 'a,b' }, 400, 'tags'],
  ['technologies with a number', { ...project, technologies: ['ok', 3] }, 400, 'technologies.1'],
  ['a javascript: url', { ...project, url: 'javascript:alert(1)' }, 400, 'url'],
  ['a data: url', { ...project, url: 'data:text/html,hi' }, 400, 'url'],
  ['an unknown field', { ...project, role: 'admin' }, 400, 'role'],
  ['an id (not the client’s to choose)', { ...project, id: 7 }, 400, 'id'],
  ['a malformed start date', { ...project, startDate: '01/02/2026' }, 400, 'startDate'],
  ['an array instead of an object', [project], 400],
  ['null', null, 400],
];

describe('POST /api/projects refuses bad input and writes nothing', () => {
  it.each(projectCases)('%s', async (label, body, status, field) => {
    // A marker in a field that is valid in every case shows whether anything was written.
    const marker = `bad-input ${label} ${Date.now()}`;
    const sent = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, description: marker } : body;
    const before = await list('/api/projects');
    const response = await call('/api/projects', { method: 'POST', body: sent ?? 'null', cookie: admin });
    expect(response.status).toBe(status);
    const answer = await response.json();
    expect(typeof answer.error).toBe('string');
    if (field) expect(answer.field).toBe(field);
    expect(await list('/api/projects')).toEqual(before);
  });

  it('malformed JSON is a 400', async () => {
    const response = await call('/api/projects', { method: 'POST', body: '{"name": ', cookie: admin });
    expect(response.status).toBe(400);
  });

  it('another content type is a 415', async () => {
    const response = await call('/api/projects', {
      method: 'POST',
      body: JSON.stringify(project),
      cookie: admin,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(response.status).toBe(415);
  });

  it('a body over 100 KB is a 413', async () => {
    const marker = `oversize ${Date.now()}`;
    const before = await list('/api/projects');
    const response = await call('/api/projects', { method: 'POST', body: { ...project, name: marker, description: 'x'.repeat(120_000) }, cookie: admin });
    expect(response.status).toBe(413);
    expect(await list('/api/projects')).toEqual(before);
  });
});

describe('updates and deletes', () => {
  it('a non-numeric id is a 400 and an unknown id a 404', async () => {
    expect((await call('/api/projects/abc', { method: 'PATCH', body: { progress: 1 }, cookie: admin })).status).toBe(400);
    expect((await call('/api/projects/1.5', { method: 'DELETE', cookie: admin })).status).toBe(400);
    expect((await call('/api/projects/999999', { method: 'PATCH', body: { progress: 1 }, cookie: admin })).status).toBe(404);
    expect((await call('/api/projects/999999', { method: 'DELETE', cookie: admin })).status).toBe(404);
    expect((await call('/api/kpis/abc', { method: 'DELETE', cookie: admin })).status).toBe(400);
    expect((await call('/api/kpis/999999', { method: 'PATCH', body: { value: '1' }, cookie: admin })).status).toBe(404);
  });

  it('an empty string or null clears a project URL; a bad one changes nothing', async () => {
    const created = await (await call('/api/projects', { method: 'POST', body: { ...project, url: 'https://example.com/a' }, cookie: admin })).json();
    const bad = await call(`/api/projects/${created.id}`, { method: 'PATCH', body: { url: 'javascript:alert(1)' }, cookie: admin });
    expect(bad.status).toBe(400);
    expect((await getJson(`/api/projects/${created.id}`)).url).toBe('https://example.com/a');
    for (const cleared of ['', null]) {
      await call(`/api/projects/${created.id}`, { method: 'PATCH', body: { url: 'https://example.com/b' }, cookie: admin });
      const response = await call(`/api/projects/${created.id}`, { method: 'PATCH', body: { url: cleared }, cookie: admin });
      expect(response.status).toBe(200);
      expect((await response.json()).url).toBeNull();
    }
    await call(`/api/projects/${created.id}`, { method: 'DELETE', cookie: admin });
  });

  it('a PATCH over 100 KB without an image is a 413', async () => {
    const response = await call('/api/projects/1', { method: 'PATCH', body: { description: 'x'.repeat(120_000) }, cookie: admin });
    expect(response.status).toBe(413);
  });
});

const kpi = { name: 'K', value: '1', icon: 'Zap', color: '#6fffe9', category: 'c', position: 50 };
const event = { date: '2026-03-03', title: 'T', description: '', category: 'c', color: '#6fffe9', tags: [] };

describe('KPIs, timeline and the rest', () => {
  const cases: Array<[string, string, unknown, string]> = [
    ['KPI colour not a hex colour', '/api/kpis', { ...kpi, color: 'red' }, 'color'],
    ['KPI sparkline with text', '/api/kpis', { ...kpi, sparklineData: [1, 'x'] }, 'sparklineData.1'],
    ['KPI without icon', '/api/kpis', { ...kpi, icon: undefined }, 'icon'],
    ['KPI value as a number', '/api/kpis', { ...kpi, value: 3 }, 'value'],
    ['timeline without a date', '/api/timeline', { ...event, date: '' }, 'date'],
    ['timeline date not a date', '/api/timeline', { ...event, date: '2026-13-45' }, 'date'],
    ['timeline tags not a list', '/api/timeline', { ...event, tags: 'a' }, 'tags'],
    ['trend without points', '/api/trends', { name: 'T', data: [], labels: [], color: '#6fffe9', unit: '', description: '' }, 'data'],
    ['now item of an unknown type', '/api/now', { type: 'podcast', title: 'x', progress: 0 }, 'type'],
    ['activity progress 150', '/api/current-activity', { type: 'focus', title: 'x', progress: 150 }, 'progress'],
    ['playlist with an unknown mood', '/api/playlists', { id: 'Abc123', name: 'x', tracksTotal: 1, spotifyUrl: 'https://open.spotify.com/playlist/Abc123', moods: ['angry'], activities: ['work'] }, 'moods.0'],
  ];
  it.each(cases)('%s is a 400 naming the field, and writes nothing', async (label, path, body, field) => {
    // Every entity has a free-text field that is valid in these cases: it carries the marker.
    const marker = `bad-input ${label} ${Date.now()}`;
    const markerField = path === '/api/kpis' ? 'tooltip' : 'description';
    const before = await list(path);
    const response = await call(path, { method: 'POST', body: { ...(body as object), [markerField]: marker }, cookie: admin });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe(field);
    expect(await list(path)).toEqual(before);
  });

  it('the mood matcher refuses an unknown mood or activity', async () => {
    const viewerish = admin;
    expect((await call('/api/spotify/mood-playlists?mood=angry&activity=work', { cookie: viewerish })).status).toBe(400);
    expect((await call('/api/spotify/mood-playlists?mood=focused&activity=sleeping', { cookie: viewerish })).status).toBe(400);
    expect((await call('/api/spotify/mood-playlists', { cookie: viewerish })).status).toBe(400);
  });

  it('unknown API paths answer JSON 404', async () => {
    const response = await call('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

/** PostgreSQL refuses NUL in text and jsonb: the shapes refuse it first, so it is a 400 naming the field, not a 500. */
describe('a NUL character in a text field', () => {
  const NUL = '\u0000';
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['project name', '/api/projects', { ...project, name: `a${NUL}b` }, 'name'],
    ['project tag', '/api/projects', { ...project, tags: ['ok', `a${NUL}`] }, 'tags.1'],
    ['KPI name', '/api/kpis', { ...kpi, name: `K${NUL}` }, 'name'],
    ['timeline title', '/api/timeline', { ...event, title: `T${NUL}` }, 'title'],
    ['trend label', '/api/trends', { name: 'T', data: [1], labels: [`a${NUL}`], color: '#6fffe9', unit: '', description: '' }, 'labels.0'],
    ['now item title', '/api/now', { type: 'reading', title: `x${NUL}`, progress: 0 }, 'title'],
    ['activity metadata', '/api/current-activity', { type: 'focus', title: 'x', progress: 0, metadata: { where: `a${NUL}b` } }, 'metadata'],
    ['playlist name', '/api/playlists', { id: 'Nul123', name: `x${NUL}`, tracksTotal: 1, spotifyUrl: 'https://open.spotify.com/playlist/Nul123', moods: ['focused'], activities: ['work'] }, 'name'],
    ['project address', '/api/projects', { ...project, url: `https://example.com/${NUL}` }, 'url'],
  ];
  it.each(cases)('in a %s is a 400 naming the field, and writes nothing', async (label, path, body, field) => {
    const marker = `nul ${label} ${Date.now()}`;
    const markerField = path === '/api/kpis' ? 'tooltip' : 'description';
    const before = await list(path);
    const response = await call(path, { method: 'POST', body: { ...body, [markerField]: marker }, cookie: admin });
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.field).toBe(field);
    expect(answer.error).toContain('NUL');
    expect(await list(path)).toEqual(before);
  });

  it('in a token’s name, a metric’s name or a point’s note is a 400, and writes nothing', async () => {
    const marker = `nul token ${Date.now()}`;
    const before = await list('/api/tokens');
    const token = await call('/api/tokens', { method: 'POST', body: { name: `${marker}${NUL}` }, cookie: admin });
    expect(token.status).toBe(400);
    expect((await token.json()).field).toBe('name');
    expect(await list('/api/tokens')).toEqual(before);

    const key = `nul-${Date.now()}`;
    const metric = await call('/api/metrics', { method: 'POST', body: { key, name: `M${NUL}` }, cookie: admin });
    expect(metric.status).toBe(400);
    expect((await metric.json()).field).toBe('name');
    expect((await call(`/api/metrics/${key}`, { cookie: admin })).status).toBe(404);

    expect((await call('/api/metrics', { method: 'POST', body: { key, name: 'Nul notes' }, cookie: admin })).status).toBe(201);
    const imported = await call(`/api/metrics/${key}/points/import`, {
      method: 'POST',
      cookie: admin,
      body: [{ at: '2026-01-01', value: 1, note: 'fine' }, { at: '2026-01-02', value: 2, note: `bad${NUL}` }],
    });
    expect(imported.status).toBe(400);
    expect(await imported.json()).toMatchObject({ field: 'points[1].note', row: 1 });
    expect((await getJson(`/api/metrics/${key}/points?limit=1`, admin)).total).toBe(0);
    await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
  });

  it('in a change to a project is a 400 and changes nothing', async () => {
    const created = await (await call('/api/projects', { method: 'POST', body: { ...project, name: `nul patch ${Date.now()}` }, cookie: admin })).json();
    const response = await call(`/api/projects/${created.id}`, { method: 'PATCH', body: { description: `x${NUL}` }, cookie: admin });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe('description');
    expect((await getJson(`/api/projects/${created.id}`)).description).toBe(project.description);
    await call(`/api/projects/${created.id}`, { method: 'DELETE', cookie: admin });
  });
});

describe('free-form JSON nested too deep', () => {
  it('is a 400 naming the field (a few kilobytes nested thousands deep), and writes nothing', async () => {
    const marker = `deep metadata ${Date.now()}`;
    // Written by hand: JSON.stringify itself overflows the stack on such a value.
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const body = `{"type":"focus","title":"x","progress":0,"description":${JSON.stringify(marker)},"metadata":{"deep":${deep}}}`;
    const before = await list('/api/current-activity');
    const response = await call('/api/current-activity', { method: 'POST', body, cookie: admin });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'metadata', error: expect.stringContaining('levels deep') });
    expect(await list('/api/current-activity')).toEqual(before);
  });
});
