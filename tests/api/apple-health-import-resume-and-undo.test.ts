import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { base, call } from '../support/http.ts';
import { sameOriginHeaders, sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';

/*
 * Import runs (api/http/import-run-routes.ts): an import an error or a stopped server cut short is `partial`;
 * resuming it under the same run completes it without adding anything twice; undoing a run removes exactly the
 * points it added, in the background (202, `undoing` with the points removed so far, then `undone`), and the
 * metric reads (answered from the daily rollups) drop them. An undo a stopped server cut short is `undo-stopped`
 * after the next start, and finishes when undone again.
 */
const dir = mkdtempSync(join(tmpdir(), 'import-runs-'));
let admin = '';
let viewer = '';
let larger: Buffer<ArrayBuffer>;
let earlier: Buffer<ArrayBuffer>;
/** Days of their own for the test that forgets a kept file: in any order, the other tests' imports of `larger` add points. */
let another: Buffer<ArrayBuffer>;

interface Run {
  id: number;
  status: string;
  recordsDone: number;
  recordsTotal: number | null;
  pointsWritten: number;
  pointsRemoved: number;
  error: string | null;
  fileKept: boolean;
  fileName: string;
}

beforeAll(async () => {
  admin = await sessionCookie('admin');
  viewer = await sessionCookie('viewer');
  // Over two chunks of 5,000 points: a stop after the first leaves a partial run.
  await writeZip(join(dir, 'larger.zip'), 'apple_health_export/export.xml', exportXml({ records: 12_000, lastDay: '2024-09-30', seed: 21 }));
  await writeZip(join(dir, 'earlier.zip'), 'apple_health_export/export.xml', exportXml({ records: 600, lastDay: '2021-03-31', seed: 22 }));
  await writeZip(join(dir, 'another.zip'), 'apple_health_export/export.xml', exportXml({ records: 12_000, lastDay: '2023-03-31', seed: 23 }));
  larger = readFileSync(join(dir, 'larger.zip'));
  earlier = readFileSync(join(dir, 'earlier.zip'));
  another = readFileSync(join(dir, 'another.zip'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One server's door: the worker's, or an extra one's. */
function server(origin: string, cookie: string) {
  const send = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(new URL(path, origin), {
      method: init.method ?? 'GET',
      headers: { Origin: origin, Cookie: cookie, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return {
    send,
    upload: async (zip: Buffer<ArrayBuffer>, name: string) => {
      const answer = await fetch(new URL(`/api/apple-health/uploads?name=${name}`, origin), { method: 'POST', headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'application/zip' }, body: zip });
      expect(answer.status).toBe(201);
      return (await answer.json()) as { id: string; total: number };
    },
    run: async (id: number) => (await (await send(`/api/import-runs/${id}`)).json()) as Run,
    /** Waits for the run to leave `running` or `undoing` (the import or undo goes on in the background). */
    ended: async (id: number): Promise<Run> => {
      for (;;) {
        const run = (await (await send(`/api/import-runs/${id}`)).json()) as Run;
        if (run.status !== 'running' && run.status !== 'undoing') return run;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** Waits for the run's undo to commit its first chunk (a test switch then holds or hangs it there). */
    firstChunkRemoved: async (id: number): Promise<Run> => {
      for (;;) {
        const run = (await (await send(`/api/import-runs/${id}`)).json()) as Run;
        if (run.pointsRemoved > 0) return run;
        expect(run.status).toBe('undoing');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** Every metric's point count (from the daily rollups), by key. */
    counts: async () => Object.fromEntries(((await (await send('/api/metrics')).json()) as Array<{ key: string; points: number }>).map((metric) => [metric.key, metric.points])),
  };
}

/** The security log's successful `import` rows (imports and undos), as the owner's page lists them. */
const importRows = async (door: ReturnType<typeof server>) =>
  ((await (await door.send('/data-management/security?kind=import&outcome=success')).text()).match(/<tr class="[^"]*" data-kind="import"/g) ?? []).length;

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/** Uploads and imports `zip`, answering the run it became. */
async function startImport(door: ReturnType<typeof server>, zip: Buffer<ArrayBuffer>, name: string): Promise<number> {
  const kept = await door.upload(zip, name);
  const started = await door.send(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', body: {} });
  expect(started.status).toBe(202);
  return ((await started.json()) as { runId: number }).runId;
}

describe('an import an error cut short', () => {
  it('is partial; resuming it completes it with nothing twice; undoing it removes only its points', async () => {
    const door = server(base(), admin);
    // An earlier import, done: its points stay whatever happens to the next one.
    const first = await door.ended(await startImport(door, earlier, 'earlier.zip'));
    expect(first).toMatchObject({ status: 'done', fileName: 'earlier.zip' });
    const before = await door.counts();

    expect((await door.send('/api/test/import-stop', { method: 'POST', body: { afterChunks: 1, how: 'fail' } })).status).toBe(204);
    const runId = await startImport(door, larger, 'larger.zip');
    const partial = await door.ended(runId);
    expect(partial).toMatchObject({ status: 'partial', error: 'The import stopped on an error of ours.', fileKept: true });
    expect(partial.pointsWritten).toBeGreaterThan(0);
    expect(partial.recordsDone).toBeLessThan(partial.recordsTotal!);
    // What the run says it wrote is what the reads show: whole chunks, nothing more.
    expect(total(await door.counts()) - total(before)).toBe(partial.pointsWritten);

    // Undo and resume wait while an import runs; a done run does not resume.
    expect((await door.send(`/api/import-runs/${first.id}/resume`, { method: 'POST', body: {} })).status).toBe(409);

    const resumed = await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: {} });
    expect(resumed.status).toBe(202);
    expect(((await resumed.json()) as Run).status).toBe('running');
    const done = await door.ended(runId);
    expect(done).toMatchObject({ status: 'done', error: null, fileKept: false });
    expect(done.recordsDone).toBe(done.recordsTotal);
    const after = await door.counts();
    expect(total(after) - total(before)).toBe(done.pointsWritten);

    // The same export once more, as a run of its own: nothing is added twice.
    const again = await door.ended(await startImport(door, larger, 'larger.zip'));
    expect(again).toMatchObject({ status: 'done', pointsWritten: 0 });
    expect(await door.counts()).toEqual(after);

    const importRowsBefore = await importRows(door);
    // The undo answers at once and goes on in the background; held after its first chunk, it is seen midway.
    expect((await door.send('/api/test/import-stop', { method: 'POST', body: { afterChunks: 1, how: 'hold', during: 'undo' } })).status).toBe(204);
    const undo = await door.send(`/api/import-runs/${runId}/undo`, { method: 'POST' });
    expect(undo.status).toBe(202);
    expect(await undo.json()).toMatchObject({ id: runId, status: 'undoing', pointsWritten: done.pointsWritten, pointsRemoved: 0 });
    const midway = await door.firstChunkRemoved(runId);
    expect(midway).toMatchObject({ status: 'undoing', pointsRemoved: 5_000, pointsWritten: done.pointsWritten });
    expect(((await (await door.send('/api/import-runs')).json()) as { runs: Run[] }).runs.find((run) => run.id === runId)).toMatchObject({ status: 'undoing', pointsRemoved: 5_000 });
    // What the run says is gone is gone from the reads.
    expect(total(after) - total(await door.counts())).toBe(5_000);
    // While it is undone: no second undo, no resume, no import, whoever asks.
    expect((await door.send(`/api/import-runs/${runId}/undo`, { method: 'POST' })).status).toBe(409);
    expect((await door.send(`/api/import-runs/${first.id}/undo`, { method: 'POST' })).status).toBe(409);
    expect((await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: {} })).status).toBe(409);
    const waiting = await door.upload(earlier, 'earlier.zip');
    expect((await door.send(`/api/apple-health/uploads/${waiting.id}/import`, { method: 'POST', body: {} })).status).toBe(409);
    expect((await door.send(`/api/apple-health/uploads/${waiting.id}`, { method: 'DELETE' })).status).toBe(204);

    expect((await door.send('/api/test/import-stop', { method: 'POST', body: { release: true } })).status).toBe(204);
    const undone = await door.ended(runId);
    expect(undone).toMatchObject({ status: 'undone', error: null, pointsWritten: done.pointsWritten, pointsRemoved: done.pointsWritten });
    // The reads drop them, and only them: the earlier import's points and the demo's stay.
    expect(await door.counts()).toEqual(before);
    expect((await door.send(`/api/import-runs/${runId}/undo`, { method: 'POST' })).status).toBe(409);
    // The security log has the undo: one more import row, once it ended.
    expect(await importRows(door)).toBe(importRowsBefore + 1);
  }, 180_000);

  it('asks for the same export again once the kept file is gone, and resumes with it', async () => {
    const door = server(base(), admin);
    expect((await door.send('/api/test/import-stop', { method: 'POST', body: { afterChunks: 1, how: 'fail' } })).status).toBe(204);
    const kept = await door.upload(another, 'another.zip');
    const runId = ((await (await door.send(`/api/apple-health/uploads/${kept.id}/import`, { method: 'POST', body: {} })).json()) as { runId: number }).runId;
    expect((await door.ended(runId)).status).toBe('partial');
    // Forgetting the upload deletes the file.
    expect((await door.send(`/api/apple-health/uploads/${kept.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await door.run(runId)).fileKept).toBe(false);
    const gone = await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: {} });
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ field: 'upload', error: expect.stringMatching(/file is gone.*choose the same export again/) });
    expect((await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: { upload: kept.id } })).status).toBe(404);
    expect((await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: { upload: 'not-an-id' } })).status).toBe(400);

    const again = await door.upload(another, 'another.zip');
    expect((await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: { upload: again.id } })).status).toBe(202);
    expect(await door.ended(runId)).toMatchObject({ status: 'done', recordsDone: again.total });
  }, 180_000);

  it('answers 404 for an unknown run, 401 to visitors and 403 to viewers, changing nothing', async () => {
    const door = server(base(), admin);
    for (const path of ['/api/import-runs/999999', '/api/import-runs/not-a-number']) {
      expect((await call(path, { cookie: admin })).status, path).toBe(404);
      expect((await call(`${path}/resume`, { method: 'POST', cookie: admin, body: {} })).status, path).toBe(404);
      expect((await call(`${path}/undo`, { method: 'POST', cookie: admin })).status, path).toBe(404);
    }
    const runId = await startImport(door, earlier, 'earlier.zip');
    await door.ended(runId);
    const counts = await door.counts();
    for (const [cookie, status] of [[null, 401], [viewer, 403]] as const) {
      expect((await call('/api/import-runs', { cookie })).status).toBe(status);
      expect((await call(`/api/import-runs/${runId}`, { cookie })).status).toBe(status);
      expect((await call(`/api/import-runs/${runId}/resume`, { method: 'POST', cookie, body: {} })).status).toBe(status);
      expect((await call(`/api/import-runs/${runId}/undo`, { method: 'POST', cookie })).status).toBe(status);
    }
    expect(await door.counts()).toEqual(counts);
    expect((await door.run(runId)).status).toBe('done');
  }, 60_000);
});

describe('an import the server stopped', () => {
  let first: ExtraServer | null = null;
  let second: ExtraServer | null = null;
  let third: ExtraServer | null = null;
  let fourth: ExtraServer | null = null;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await fourth?.stop();
    await third?.stop();
  });

  /** The owner's session on an extra server, through the owner link it printed at start. */
  async function ownerOn(extra: ExtraServer): Promise<string> {
    const link = /Owner sign-in: (\S+)/.exec(extra.output())![1]!;
    const response = await fetch(new URL('/api/login/owner/redeem', extra.baseUrl), {
      method: 'POST',
      headers: { ...sameOriginHeaders(), Origin: extra.baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }).toString(),
      redirect: 'manual',
    });
    return sessionCookieFrom(response)!;
  }

  it('is partial after the next start, and resumes from the same export chosen again', async () => {
    const env = { ALLOW_TEST_SWITCHES: '1', OWNER_LINK: 'on', OWNER_TIME_ZONE: 'Pacific/Auckland' };
    first = await startExtraServer(env);
    let door = server(first.baseUrl, await ownerOn(first));
    const before = await door.counts();
    // The import hangs after its first chunk: the server is stopped in the middle of it.
    expect((await door.send('/api/test/import-stop', { method: 'POST', body: { afterChunks: 1, how: 'hang' } })).status).toBe(204);
    const runId = await startImport(door, larger, 'larger.zip');
    for (let run = await door.run(runId); run.pointsWritten === 0; run = await door.run(runId)) await new Promise((resolve) => setTimeout(resolve, 200));
    first.signal('SIGTERM');
    await first.exited;

    second = await startExtraServer(env, { dataDir: first.dataDir });
    door = server(second.baseUrl, await ownerOn(second));
    const partial = await door.run(runId);
    expect(partial).toMatchObject({ status: 'partial', error: 'The server stopped during the import.', fileKept: false });
    expect(total(await door.counts()) - total(before)).toBe(partial.pointsWritten);

    const again = await door.upload(larger, 'larger.zip');
    expect((await door.send(`/api/import-runs/${runId}/resume`, { method: 'POST', body: { upload: again.id } })).status).toBe(202);
    const done = await door.ended(runId);
    expect(done.status).toBe('done');
    expect(done.pointsWritten).toBeGreaterThan(partial.pointsWritten);
    expect(total(await door.counts()) - total(before)).toBe(done.pointsWritten);
  }, 240_000);

  it('reads undo-stopped after a stop mid-undo, removes nothing else, and finishes when undone again', async () => {
    const env = { ALLOW_TEST_SWITCHES: '1', OWNER_LINK: 'on', OWNER_TIME_ZONE: 'Pacific/Auckland' };
    third = await startExtraServer(env);
    let door = server(third.baseUrl, await ownerOn(third));
    const before = await door.counts();
    const done = await door.ended(await startImport(door, larger, 'larger.zip'));
    expect(done.status).toBe('done');
    expect(done.pointsWritten).toBeGreaterThan(5_000);
    // The undo hangs after its first chunk: the server is stopped in the middle of it.
    expect((await door.send('/api/test/import-stop', { method: 'POST', body: { afterChunks: 1, how: 'hang', during: 'undo' } })).status).toBe(204);
    expect((await door.send(`/api/import-runs/${done.id}/undo`, { method: 'POST' })).status).toBe(202);
    await door.firstChunkRemoved(done.id);
    third.signal('SIGTERM');
    await third.exited;

    fourth = await startExtraServer(env, { dataDir: third.dataDir });
    door = server(fourth.baseUrl, await ownerOn(fourth));
    const stopped = await door.run(done.id);
    expect(stopped).toMatchObject({ status: 'undo-stopped', pointsWritten: done.pointsWritten, pointsRemoved: 5_000, error: expect.stringMatching(/undo again/) });
    // What the run says is gone is gone; the rest is still there; it does not resume (only undo).
    expect(total(await door.counts()) - total(before)).toBe(done.pointsWritten - 5_000);
    expect((await door.send(`/api/import-runs/${done.id}/resume`, { method: 'POST', body: {} })).status).toBe(409);

    expect((await door.send(`/api/import-runs/${done.id}/undo`, { method: 'POST' })).status).toBe(202);
    expect(await door.ended(done.id)).toMatchObject({ status: 'undone', pointsRemoved: done.pointsWritten });
    // Every point the run added is gone, and only those (the metrics it made stay, empty).
    expect(total(await door.counts())).toBe(total(before));
  }, 240_000);
});
