import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { base, call } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';

/*
 * The admin's Apple Health upload (api/http/apple-health-routes.ts): the export is kept under an id after a
 * preview that writes nothing, imported on the owner's word with progress, and every bad input is a clear
 * refusal that writes nothing and leaves an `import` row in the security log.
 */
const dir = mkdtempSync(join(tmpdir(), 'apple-health-upload-'));
let admin = '';
let viewer = '';
let exportZip: Buffer<ArrayBuffer>;
let noXmlZip: Buffer<ArrayBuffer>;

beforeAll(async () => {
  admin = await sessionCookie('admin');
  viewer = await sessionCookie('viewer');
  await writeZip(join(dir, 'export.zip'), 'apple_health_export/export.xml', exportXml({ records: 2000, lastDay: '2024-05-20', seed: 11 }));
  await writeZip(join(dir, 'photos.zip'), 'apple_health_export/notes.txt', ['not health data']);
  exportZip = readFileSync(join(dir, 'export.zip'));
  noXmlZip = readFileSync(join(dir, 'photos.zip'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const upload = (body: Buffer<ArrayBuffer> | string, cookie: string | null, headers: Record<string, string> = {}) =>
  fetch(new URL('/api/apple-health/uploads', base()), {
    method: 'POST',
    headers: { ...sameOriginHeaders(), 'Content-Type': 'application/zip', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body,
  });

/** What the owner's metrics hold: their keys and point counts, to see that nothing was written. */
const metricCounts = async () => JSON.stringify(await (await call('/api/metrics', { cookie: admin })).json());

async function securityRows(query: string): Promise<string[]> {
  const html = await (await call(`/data-management/security?${query}`, { cookie: admin })).text();
  return html.match(/<tr class="[^"]*" data-kind[\s\S]*?<\/tr>/g) ?? [];
}

async function finished(id: string): Promise<{ state: string; done: number; total: number; result: { inserted: number; updated: number; types: Array<{ type: string; metric: string | null }> } }> {
  for (;;) {
    const status = await (await call(`/api/apple-health/uploads/${id}`, { cookie: admin })).json();
    if (status.state !== 'importing') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many heart-rate points there are; null while there is no such metric. */
const heartRatePoints = async (): Promise<number | null> => {
  const answer = await call('/api/metrics/heart-rate/points?limit=1', { cookie: admin });
  return answer.status === 404 ? null : ((await answer.json()) as { total: number }).total;
};

describe('uploading an Apple Health export', () => {
  it('previews per type without writing, then imports the kept file with the types the owner kept; the id then works no more', async () => {
    const before = await metricCounts();
    // Another test of this file may have imported heart rate already (tests run in any order).
    const heartRateBefore = await heartRatePoints();
    const address = freshClientAddress();
    const answer = await upload(exportZip, admin, { [TEST_CLIENT_HEADER]: address });
    expect(answer.status).toBe(201);
    const kept = await answer.json();
    expect(kept.state).toBe('ready');
    const steps = kept.preview.types.find((type: { type: string }) => type.type === 'HKQuantityTypeIdentifierStepCount');
    expect(steps).toMatchObject({ metric: 'steps', sources: ['Owner’s Apple Watch', 'Owner’s iPhone'] });
    expect(steps.records).toBeGreaterThan(0);
    expect(steps.days).toBeGreaterThan(0);
    expect(kept.total).toBe(kept.preview.records);
    expect(await metricCounts(), 'the preview wrote nothing').toBe(before);

    // A type that is not in this export is named.
    const unknown = await call(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', cookie: admin, body: { skip: ['HKQuantityTypeIdentifierStepCount', 'NoSuchType'] } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).field).toBe('skip.1');
    expect(await metricCounts()).toBe(before);

    const started = await call(`/api/apple-health/uploads/${kept.id}/import`, {
      method: 'POST',
      cookie: admin,
      body: { skip: ['HKQuantityTypeIdentifierHeartRate'] },
      headers: { [TEST_CLIENT_HEADER]: address },
    });
    expect(started.status).toBe(202);
    const done = await finished(kept.id);
    expect(done.state).toBe('done');
    expect(done.done).toBe(done.total);
    expect(done.result.types.find((type) => type.type === 'HKQuantityTypeIdentifierHeartRate')?.metric).toBeNull();
    expect(done.result.inserted + done.result.updated).toBeGreaterThan(0);
    // The skipped type wrote nothing (not even its metric, when there was none); the kept types' points are there.
    expect(await heartRatePoints()).toBe(heartRateBefore);
    const distance = await (await call('/api/metrics/walking-distance/points?limit=1', { cookie: admin })).json();
    expect(distance.total).toBeGreaterThan(0);
    expect(distance.points[0].source).toMatch(/^Owner’s (iPhone|Apple Watch)$/);

    // Imported: the same id is not imported twice (the file is gone); the security log has the import.
    expect((await call(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', cookie: admin, body: {} })).status).toBe(409);
    const rows = (await securityRows('kind=import&outcome=success')).filter((row) => row.includes(address));
    expect(rows.length).toBe(1);
    expect(rows[0]).toContain('apple-health');
  }, 60_000);

  it('maps a type to a metric the owner already keeps, and names a mapping it cannot follow', async () => {
    const kept = await (await upload(exportZip, admin)).json();
    const importAs = (body: unknown) => call(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', cookie: admin, body });
    const noMetric = await importAs({ map: { HKQuantityTypeIdentifierBodyMass: 'no-such-metric' } });
    expect(noMetric.status).toBe(400);
    expect((await noMetric.json()).field).toBe('map.HKQuantityTypeIdentifierBodyMass');
    const noType = await importAs({ map: { HKQuantityTypeIdentifierBloodGlucose: 'weight' } });
    expect(noType.status).toBe(400);
    expect((await noType.json()).field).toBe('map.HKQuantityTypeIdentifierBloodGlucose');

    const weightBefore = (await (await call('/api/metrics/weight/points?limit=1', { cookie: admin })).json()).total;
    const others = kept.preview.types.map((type: { type: string }) => type.type).filter((type: string) => type !== 'HKQuantityTypeIdentifierBodyMass');
    expect((await importAs({ skip: others, map: { HKQuantityTypeIdentifierBodyMass: 'weight' } })).status).toBe(202);
    const done = await finished(kept.id);
    expect(done.result.types.find((type) => type.type === 'HKQuantityTypeIdentifierBodyMass')?.metric).toBe('weight');
    const weight = await (await call('/api/metrics/weight/points?limit=1', { cookie: admin })).json();
    expect(weight.total).toBeGreaterThan(weightBefore);
  }, 30_000);

  it('keeps answering others while an import runs, and counts records done of total on the way', async () => {
    await writeZip(join(dir, 'larger.zip'), 'apple_health_export/export.xml', exportXml({ records: 40_000, lastDay: '2022-08-31', seed: 12 }));
    const kept = await (await upload(readFileSync(join(dir, 'larger.zip')), admin)).json();
    expect((await call(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', cookie: admin, body: {} })).status).toBe(202);
    const seen = { answeredMidway: false, partial: false };
    for (;;) {
      const other = await call('/api/metrics', { cookie: admin });
      const status = await (await call(`/api/apple-health/uploads/${kept.id}`, { cookie: admin })).json();
      if (status.state !== 'importing') break;
      // Answered, and the import still running after it: served between two chunks.
      if (other.status === 200) seen.answeredMidway = true;
      if (status.done > 0 && status.done < status.total) seen.partial = true;
    }
    expect(seen).toEqual({ answeredMidway: true, partial: true });
    expect((await finished(kept.id)).state).toBe('done');
  }, 120_000);

  it('refuses a file that is not a zip and a zip without export.xml with 400 naming the file, writing nothing, and logs each', async () => {
    const before = await metricCounts();
    const address = freshClientAddress();
    const notZip = await upload('<HealthData></HealthData>', admin, { [TEST_CLIENT_HEADER]: address });
    expect(notZip.status).toBe(400);
    expect(await notZip.json()).toMatchObject({ field: 'file', error: expect.stringMatching(/not a zip file/) });
    const noXml = await upload(noXmlZip, admin, { [TEST_CLIENT_HEADER]: address });
    expect(noXml.status).toBe(400);
    expect(await noXml.json()).toMatchObject({ field: 'file', error: expect.stringMatching(/no export\.xml/) });
    const wrongType = await upload(exportZip, admin, { 'Content-Type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(await metricCounts()).toBe(before);
    expect((await securityRows('kind=import&outcome=refused')).filter((row) => row.includes(address)).length).toBe(2);
  });

  it('refuses an export declared larger than 1 GB with 413 before reading it', async () => {
    const status = await new Promise<number>((resolve) => {
      const request = http.request(new URL('/api/apple-health/uploads', base()), {
        agent: false,
        method: 'POST',
        headers: { ...sameOriginHeaders(), Cookie: admin, 'Content-Type': 'application/zip', 'Content-Length': String(1024 ** 3 + 1) },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      // The server may close the connection once it has answered: the answer is what counts.
      request.on('error', () => {});
      request.write(Buffer.alloc(1024));
    });
    expect(status).toBe(413);
  });

  it('answers 404 for an unknown or malformed upload id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await call(`/api/apple-health/uploads/${id}`, { cookie: admin })).status, id).toBe(404);
      expect((await call(`/api/apple-health/uploads/${id}/import`, { method: 'POST', cookie: admin, body: {} })).status, id).toBe(404);
      expect((await call(`/api/apple-health/uploads/${id}`, { method: 'DELETE', cookie: admin })).status, id).toBe(404);
    }
  });

  it('refuses visitors (401) and viewers (403) at every door, keeping nothing; the owner may forget a kept upload', async () => {
    const before = await metricCounts();
    expect((await upload(exportZip, null)).status).toBe(401);
    expect((await upload(exportZip, viewer)).status).toBe(403);
    const kept = await (await upload(exportZip, admin)).json();
    for (const [cookie, status] of [[null, 401], [viewer, 403]] as const) {
      expect((await call(`/api/apple-health/uploads/${kept.id}`, { cookie })).status).toBe(status);
      expect((await call(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', cookie, body: {} })).status).toBe(status);
      expect((await call(`/api/apple-health/uploads/${kept.id}`, { method: 'DELETE', cookie })).status).toBe(status);
    }
    expect(await metricCounts()).toBe(before);
    expect((await call(`/api/apple-health/uploads/${kept.id}`, { cookie: admin })).status).toBe(200);
    expect((await call(`/api/apple-health/uploads/${kept.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await call(`/api/apple-health/uploads/${kept.id}`, { cookie: admin })).status).toBe(404);
  }, 30_000);
});
