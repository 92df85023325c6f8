import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { base, call, type CallOptions } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookie } from '../support/sign-in.ts';

/*
 * The running server's answers hold to its own contract (GET /api/openapi.json): for each call, the status is
 * one the document lists for that operation, and the body validates against the document's schema for that
 * status. The document is read from the server and turned back into validators with zod's fromJSONSchema, so
 * what is checked is the published JSON Schema, not the zod shapes it was made from. Every record this file
 * writes is its own (names carry `run`) and is deleted again.
 */
type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>; components: { schemas: Record<string, unknown> } };

let document: Document;
let admin = '';
let viewer = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The document's schema with its component references written out (fromJSONSchema reads one schema, not a document). */
function resolved(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(resolved);
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return resolved(document.components.schemas[ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value)]));
}

/**
 * Calls `path` (a concrete URL) as the operation `template`, and checks the answer against the document:
 * its status is listed, and a JSON body validates. Returns the parsed body.
 */
async function checked(method: string, template: string, path: string, options: CallOptions & { expect: number }): Promise<any> {
  const response = await call(path, { ...options, method: method.toUpperCase() });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(options.expect);
  return matchContract(method, template, response, text);
}

function matchContract(method: string, template: string, response: Response, text: string): any {
  const operation = document.paths[template]?.[method];
  expect(operation, `${method} ${template} is in the document`).toBeDefined();
  const described = operation!.responses[String(response.status)];
  expect(described, `${method} ${template} lists status ${response.status}`).toBeDefined();
  const schema = described!.content?.['application/json']?.schema;
  if (!schema) return text;
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text);
  const result = z.fromJSONSchema(resolved(schema)).safeParse(body);
  expect(result.success, `${method} ${template} → ${response.status}: ${result.error?.message}\n${text.slice(0, 500)}`).toBe(true);
  return body;
}

beforeAll(async () => {
  const response = await fetch(new URL('/api/openapi.json', base()));
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toMatch(/^public/);
  document = (await response.json()) as Document;
  admin = await sessionCookie('admin', { fresh: true });
  viewer = await sessionCookie('viewer');
});

describe('the running server answers as its OpenAPI document says', () => {
  it('serves the document publicly: OpenAPI 3.1, and every JSON read a visitor may make validates against it', async () => {
    expect((document as any).openapi).toBe('3.1.0');
    for (const path of ['/api/projects', '/api/public/projects', '/api/stats', '/api/kpis', '/api/trends', '/api/metrics', '/healthz', '/readyz']) {
      await checked('get', path, path, { expect: 200 });
    }
    await checked('get', '/api/openapi.json', '/api/openapi.json', { expect: 200 });
  });

  it("the owner's reads of every collection validate (lists, the signed-in user, preferences, playlists for a mood)", async () => {
    for (const path of ['/api/timeline', '/api/current-activity', '/api/now', '/api/playlists', '/api/kpis', '/api/trends', '/api/metrics', '/api/tokens', '/api/auth/user', '/api/me/preferences', '/api/stats']) {
      await checked('get', path, path, { expect: 200, cookie: admin });
    }
    await checked('get', '/api/spotify/mood-playlists', '/api/spotify/mood-playlists?mood=focused&activity=work', { expect: 200, cookie: viewer });
    await checked('put', '/api/me/preferences', '/api/me/preferences', { expect: 200, cookie: viewer, body: { theme: 'dark' } });
  });

  it('a project and its gallery picture, created, read, changed and deleted by the owner, validate at every step', async () => {
    const project = await checked('post', '/api/projects', '/api/projects', {
      expect: 201,
      cookie: admin,
      body: { name: `Contract project ${run}`, description: 'Checked against the OpenAPI document.', status: 'planned', progress: 10, category: `contract-${run}`, tags: [], technologies: [] },
    });
    await checked('get', '/api/projects/{id}', `/api/projects/${project.id}`, { expect: 200 });
    await checked('get', '/api/public/projects/{id}', `/api/public/projects/${project.id}`, { expect: 200 });
    await checked('patch', '/api/projects/{id}', `/api/projects/${project.id}`, { expect: 200, cookie: admin, body: { progress: 40 } });
    const gallery = `/api/projects/${project.id}/gallery`;
    const picture = await checked('post', '/api/projects/{id}/gallery', gallery, { expect: 201, cookie: admin, body: { title: `Picture ${run}`, imageUrl: 'https://example.com/picture.png' } });
    await checked('get', '/api/projects/{id}/gallery', gallery, { expect: 200 });
    await checked('patch', '/api/projects/{id}/gallery/{imageId}', `${gallery}/${picture.id}`, { expect: 200, cookie: admin, body: { title: `Renamed ${run}` } });
    await checked('delete', '/api/projects/{id}/gallery/{imageId}', `${gallery}/${picture.id}`, { expect: 204, cookie: admin });
    await checked('delete', '/api/projects/{id}', `/api/projects/${project.id}`, { expect: 204, cookie: admin });
    await checked('get', '/api/projects/{id}', `/api/projects/${project.id}`, { expect: 404 });
  });

  it('a timeline event created and deleted by the owner validates, as do its item reads', async () => {
    const event = await checked('post', '/api/timeline', '/api/timeline', {
      expect: 201,
      cookie: admin,
      body: { date: '2026-02-03', title: `Contract event ${run}`, description: '', category: 'test', color: '#6fffe9', tags: [] },
    });
    await checked('get', '/api/timeline/{id}', `/api/timeline/${event.id}`, { expect: 200, cookie: viewer });
    await checked('patch', '/api/timeline/{id}', `/api/timeline/${event.id}`, { expect: 200, cookie: admin, body: { title: `Renamed ${run}` } });
    await checked('delete', '/api/timeline/{id}', `/api/timeline/${event.id}`, { expect: 204, cookie: admin });
  });

  it('a metric written with an access token: every step, the token answer and the refused row validate', async () => {
    const key = `contract-${run}`;
    await checked('post', '/api/metrics', '/api/metrics', { expect: 201, cookie: admin, body: { key, name: `Contract ${run}` } });
    await checked('post', '/api/metrics', '/api/metrics', { expect: 409, cookie: admin, body: { key, name: 'Again' } });
    await checked('get', '/api/metrics/{key}', `/api/metrics/${key}`, { expect: 200, cookie: admin });
    await checked('patch', '/api/metrics/{key}', `/api/metrics/${key}`, { expect: 200, cookie: admin, body: { unit: 'km' } });
    const token = await checked('post', '/api/tokens', '/api/tokens', { expect: 201, cookie: admin, body: { name: `Contract ${run}`, metricKeys: [key] } });
    const bearer = { Authorization: `Bearer ${token.token}`, [TEST_CLIENT_HEADER]: freshClientAddress() };
    const push = (body: unknown) =>
      fetch(new URL(`/api/metrics/${key}/points`, base()), { method: 'POST', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    let response = await push([{ at: '2026-01-02', value: 3 }, { at: '2026-01-03', value: 4, note: 'second' }]);
    expect(response.status).toBe(200);
    matchContract('post', '/api/metrics/{key}/points', response, await response.text());
    response = await push({ points: [{ at: '2026-01-04', value: 'five' }] });
    expect(response.status).toBe(400);
    const refused = matchContract('post', '/api/metrics/{key}/points', response, await response.text());
    expect(refused).toMatchObject({ field: 'points[0].value', row: 0 });
    await checked('post', '/api/metrics/{key}/points/import', `/api/metrics/${key}/points/import`, { expect: 200, cookie: admin, body: [{ at: '2026-01-05', value: 1 }] });
    const page = await checked('get', '/api/metrics/{key}/points', `/api/metrics/${key}/points?limit=10`, { expect: 200, cookie: admin });
    const pointId = page.points[0].id;
    await checked('patch', '/api/metrics/{key}/points/{id}', `/api/metrics/${key}/points/${pointId}`, { expect: 200, cookie: admin, body: { note: 'changed' } });
    await checked('delete', '/api/metrics/{key}/points/{id}', `/api/metrics/${key}/points/${pointId}`, { expect: 204, cookie: admin });
    await checked('delete', '/api/tokens/{id}', `/api/tokens/${token.id}`, { expect: 200, cookie: admin });
    await checked('delete', '/api/metrics/{key}', `/api/metrics/${key}`, { expect: 200, cookie: admin });
  });

  it('an Apple Health export uploaded, imported and followed by the owner validates at every step, refusals too', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'contract-health-'));
    await writeZip(join(folder, 'export.zip'), 'apple_health_export/export.xml', exportXml({ records: 300, lastDay: '2023-03-03', seed: 7 }));
    const send = (body: Buffer<ArrayBuffer> | string) =>
      fetch(new URL('/api/apple-health/uploads', base()), { method: 'POST', body, headers: { Origin: base(), Cookie: admin, 'Content-Type': 'application/zip' } });
    let response = await send(readFileSync(join(folder, 'export.zip')));
    expect(response.status).toBe(201);
    const kept = matchContract('post', '/api/apple-health/uploads', response, await response.text());
    response = await send('not a zip');
    expect(response.status).toBe(400);
    matchContract('post', '/api/apple-health/uploads', response, await response.text());
    await checked('get', '/api/apple-health/uploads/{id}', `/api/apple-health/uploads/${kept.id}`, { expect: 200, cookie: admin });
    await checked('get', '/api/apple-health/uploads/{id}', '/api/apple-health/uploads/nothing-here', { expect: 404, cookie: admin });
    await checked('post', '/api/apple-health/uploads/{id}/import', `/api/apple-health/uploads/${kept.id}/import`, { expect: 400, cookie: admin, body: { skip: [7] } });
    // Only body mass: a few points.
    const skip = kept.preview.types.map((type: { type: string }) => type.type).filter((type: string) => type !== 'HKQuantityTypeIdentifierBodyMass');
    await checked('post', '/api/apple-health/uploads/{id}/import', `/api/apple-health/uploads/${kept.id}/import`, { expect: 202, cookie: admin, body: { skip } });
    let status = await checked('get', '/api/apple-health/uploads/{id}', `/api/apple-health/uploads/${kept.id}`, { expect: 200, cookie: admin });
    while (status.state === 'importing') status = await checked('get', '/api/apple-health/uploads/{id}', `/api/apple-health/uploads/${kept.id}`, { expect: 200, cookie: admin });
    expect(status.state).toBe('done');
    await checked('post', '/api/apple-health/uploads/{id}/import', `/api/apple-health/uploads/${kept.id}/import`, { expect: 409, cookie: admin, body: {} });
    // Its import run: listed, read, refused a resume (it is done), undone, and unknown ids.
    const runs = await checked('get', '/api/import-runs', '/api/import-runs', { expect: 200, cookie: admin });
    expect(runs.runs[0].id).toBe(status.runId);
    await checked('get', '/api/import-runs/{id}', `/api/import-runs/${status.runId}`, { expect: 200, cookie: admin });
    await checked('get', '/api/import-runs/{id}', '/api/import-runs/999999', { expect: 404, cookie: admin });
    await checked('post', '/api/import-runs/{id}/resume', `/api/import-runs/${status.runId}/resume`, { expect: 409, cookie: admin, body: {} });
    await checked('post', '/api/import-runs/{id}/resume', `/api/import-runs/${status.runId}/resume`, { expect: 400, cookie: admin, body: { upload: 7 } });
    // The undo answers at once (202, undoing), refuses a second while it runs or once undone, and is followed by GET.
    expect(await checked('post', '/api/import-runs/{id}/undo', `/api/import-runs/${status.runId}/undo`, { expect: 202, cookie: admin })).toMatchObject({ status: 'undoing' });
    await checked('post', '/api/import-runs/{id}/undo', `/api/import-runs/${status.runId}/undo`, { expect: 409, cookie: admin });
    let undone = await checked('get', '/api/import-runs/{id}', `/api/import-runs/${status.runId}`, { expect: 200, cookie: admin });
    while (undone.status === 'undoing') undone = await checked('get', '/api/import-runs/{id}', `/api/import-runs/${status.runId}`, { expect: 200, cookie: admin });
    expect(undone).toMatchObject({ status: 'undone', pointsRemoved: undone.pointsWritten });
    await checked('post', '/api/import-runs/{id}/undo', `/api/import-runs/${status.runId}/undo`, { expect: 409, cookie: admin });
    await checked('delete', '/api/apple-health/uploads/{id}', `/api/apple-health/uploads/${kept.id}`, { expect: 204, cookie: admin });
    rmSync(folder, { recursive: true, force: true });
  });

  it("the owner's check-in and diary validate at every step", async () => {
    const day = '2018-06-01';
    await checked('put', '/api/checkins/{day}', `/api/checkins/${day}`, { expect: 200, cookie: admin, body: { mood: 3, note: `Contract ${run}`, tags: ['contract'] } });
    await checked('get', '/api/checkins/{day}', `/api/checkins/${day}`, { expect: 200, cookie: admin });
    await checked('put', '/api/checkins/{day}', `/api/checkins/${day}`, { expect: 400, cookie: admin, body: { mood: 9 } });
    const entry = await checked('post', '/api/diary', '/api/diary', { expect: 201, cookie: admin, body: { day, title: `Contract ${run}` } });
    await checked('get', '/api/diary', '/api/diary', { expect: 200, cookie: admin });
    await checked('patch', '/api/diary/{id}', `/api/diary/${entry.id}`, { expect: 200, cookie: admin, body: { mood: 2 } });
    await checked('delete', '/api/diary/{id}', `/api/diary/${entry.id}`, { expect: 204, cookie: admin });
    await checked('get', '/api/diary', '/api/diary', { expect: 403, cookie: viewer });
  });

  it('error answers carry the documented { error, field } body with a listed status', async () => {
    await checked('get', '/api/auth/user', '/api/auth/user', { expect: 401 });
    await checked('post', '/api/projects', '/api/projects', { expect: 403, cookie: viewer, body: { name: 'x' } });
    const invalid = await checked('post', '/api/projects', '/api/projects', { expect: 400, cookie: admin, body: { name: '', description: '', status: 'planned', progress: 0, category: 'x', tags: [], technologies: [] } });
    expect(invalid.field).toBe('name');
    await checked('post', '/api/projects', '/api/projects', { expect: 415, cookie: admin, body: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    await checked('get', '/api/projects/{id}', '/api/projects/not-a-number', { expect: 400 });
    await checked('get', '/api/kpis/{id}', '/api/kpis/2147483600', { expect: 404, cookie: admin });
    // A write from another site is refused before any handler runs.
    await checked('delete', '/api/projects/{id}', '/api/projects/1', { expect: 403, cookie: admin, headers: { Origin: 'https://elsewhere.example' } });
    const wrongToken = await fetch(new URL('/api/metrics/anything/points', base()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not-a-token', [TEST_CLIENT_HEADER]: freshClientAddress() },
      body: '{"value":1}',
    });
    expect(wrongToken.status).toBe(401);
    matchContract('post', '/api/metrics/{key}/points', wrongToken, await wrongToken.text());
  });
});
