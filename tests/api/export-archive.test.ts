import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { MANIFEST_PATH, type Manifest } from '#api/export/format.ts';
import { SIGNATURE_PATH } from '#api/export/sign.ts';
import { readTar, TAR_END, tarHeader, tarPadding } from '#api/export/tar.ts';
import { base, call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * The admin's export and import endpoints against the real server. A real import replaces every
 * table and signs everyone out, which the tests here (in any order) would feel, so the import itself is
 * proven by api/export/archive.test.ts, scripts/move-database.test.ts and the browser journey
 * owner-exports-and-restores-their-data; here only its refusals run (each leaves the data as it was).
 */
let admin = '';
let viewer = '';
let work = '';
beforeAll(async () => {
  [admin, viewer] = await Promise.all([sessionCookie('admin', { fresh: true }), sessionCookie('viewer')]);
  work = mkdtempSync(join(tmpdir(), 'export-api-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const post = (path: string, body: Uint8Array, cookie: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, base()), {
    method: 'POST',
    body: body as BodyInit,
    headers: { Origin: base(), Cookie: cookie, 'Content-Type': 'application/gzip', ...headers },
  });

async function download(): Promise<{ first: number; bytes: Uint8Array; headers: Headers }> {
  const response = await call('/api/export', { cookie: admin });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let first = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks.length === 0) first = value.byteLength;
    chunks.push(value);
  }
  return { first, bytes: new Uint8Array(Buffer.concat(chunks)), headers: response.headers };
}

/** The archive's entries with some replaced, repacked with a manifest that matches them (unsigned). */
function repack(archive: Uint8Array, change: (entries: Map<string, Uint8Array>, manifest: Manifest) => void): Uint8Array {
  const entries = readTar(gunzipSync(archive));
  const manifest = JSON.parse(Buffer.from(entries.get(MANIFEST_PATH)!).toString()) as Manifest;
  change(entries, manifest);
  const parts: Uint8Array[] = [];
  for (const [path, data] of entries) {
    if (path === MANIFEST_PATH || path === SIGNATURE_PATH) continue;
    manifest.files[path] = { bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
    parts.push(tarHeader(path, data.byteLength, new Date()), data, tarPadding(data.byteLength));
  }
  const bytes = Buffer.from(JSON.stringify(manifest));
  parts.push(tarHeader(MANIFEST_PATH, bytes.byteLength, new Date()), bytes, tarPadding(bytes.byteLength), TAR_END);
  return new Uint8Array(gzipSync(Buffer.concat(parts)));
}

describe('export and import in the admin area', () => {
  // The seed's archive, downloaded once for the tests below that change it or send it back (each in any order).
  let archive: Uint8Array;
  beforeAll(async () => {
    archive = (await download()).bytes;
  });

  it('streams the whole archive to the admin as a download', async () => {
    const { first, bytes, headers } = await download();
    expect(headers.get('content-type')).toBe('application/gzip');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="portfolio-[0-9TZ-]+\.tar\.gz"$/);
    expect(headers.get('cache-control')).toBe('no-store');
    // Streamed: sent in pieces as it is made (no length known up front), the first long before the last.
    expect(headers.get('content-length')).toBeNull();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(bytes.byteLength / 4);
    const tar = gunzipSync(bytes).toString('latin1');
    expect(tar).toContain('tables/projects.jsonl');
    expect(tar).toContain('"formatVersion": 2');
    expect(tar).not.toContain('tables/sessions.jsonl');
  });

  it('answers the export only to the admin', async () => {
    expect((await call('/api/export')).status).toBe(401);
    expect((await call('/api/export', { cookie: viewer })).status).toBe(403);
    // A made-up secret from this machine is no key either.
    expect((await call('/api/export', { headers: { 'x-export-secret': 'guess' } })).status).toBe(401);
  });

  it('previews an import: counts per table and what would be replaced, changing nothing', async () => {
    const response = await post('/api/import/preview', archive, admin);
    expect(response.status).toBe(200);
    const summary = await response.json();
    expect(summary.replaces).toBe(true);
    const projects = summary.tables.find((table: { name: string }) => table.name === 'projects');
    expect(projects.archive).toBeGreaterThan(0);
    expect(projects.current).toBeGreaterThan(0);
    // Still signed in: nothing was replaced.
    expect((await call('/api/auth/user', { cookie: admin })).status).toBe(200);
    // This server signed it.
    expect(summary.origin).toBe('this-site');
  });

  it('drops an identity link planted in an archive, and calls the archive "from elsewhere"', async () => {
    // The probe: a link from an outside OIDC subject to the owner's user, the manifest mended to match.
    const tampered = repack(archive, (entries, manifest) => {
      const owner = Buffer.from(entries.get('tables/users.jsonl')!)
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: string; email: string })
        .find((user) => user.email === 'owner@example.test')!;
      const row = { provider: 'oidc', subject: 'outsider', user_id: owner.id, created_at: '2026-01-01T00:00:00+00:00' };
      entries.set('tables/user_accounts.jsonl', Buffer.from(`${JSON.stringify(row)}\n`));
      manifest.tables.user_accounts = { rows: 1, columns: Object.keys(row) };
    });
    const response = await post('/api/import/preview', tampered, admin);
    expect(response.status).toBe(200);
    const summary = await response.json();
    expect(summary.origin).toBe('elsewhere');
    expect(summary.dropped).toContainEqual({ table: 'user_accounts', rows: 1, why: expect.stringMatching(/provider again/) });
    expect(summary.tables.map((table: { name: string }) => table.name)).not.toContain('user_accounts');
  });

  it('refuses a restored project whose address is a javascript: URL, naming the row and field', async () => {
    let line = 0;
    const tampered = repack(archive, (entries) => {
      const lines = Buffer.from(entries.get('tables/projects.jsonl')!).toString().split('\n');
      line = lines.length - 1;
      const row = JSON.parse(lines[line - 1]!) as Record<string, unknown>;
      lines[line - 1] = JSON.stringify({ ...row, url: 'javascript:fetch("/api/export")' });
      entries.set('tables/projects.jsonl', Buffer.from(lines.join('\n')));
    });
    const response = await post('/api/import', tampered, admin);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: `Refused: tables/projects.jsonl line ${line}: url: must be an http(s) address.`,
      field: 'archive',
    });
    // Nothing was replaced: still signed in.
    expect((await call('/api/auth/user', { cookie: admin })).status).toBe(200);
  });

  it('refuses a gzip bomb: 1 MB that unpacks to 1 GB', async () => {
    const zeros = gzipSync(Buffer.alloc(1024 * 1024));
    const header = gzipSync(tarHeader('tables/projects.jsonl', 1024 * 1024 * 1024, new Date()));
    const bomb = new Uint8Array(Buffer.concat([header, ...Array.from({ length: 1024 }, () => zeros)]));
    const response = await post('/api/import/preview', bomb, admin);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/more than 20 times its compressed size.*gzip bomb/);
  });

  it('refuses imports from anyone but the admin, from other sites, and of bad archives, changing nothing', async () => {
    // A project of this test's own, made after the archive: an import that ran would replace every table and drop
    // it. Only this row is compared, since other files write projects in the same database meanwhile.
    const made = await call('/api/projects', {
      method: 'POST',
      cookie: admin,
      body: { name: `Not replaced ${Date.now().toString(36)}`, description: '', status: 'planned', progress: 0, category: 'archive-test', tags: [], technologies: [] },
    });
    expect(made.status).toBe(201);
    const own = (await made.json()) as { id: number };
    const before = await (await call(`/api/projects/${own.id}`)).text();
    expect((await post('/api/import', archive, viewer)).status).toBe(403);
    expect((await post('/api/import', archive, '')).status).toBe(401);
    expect((await post('/api/import', archive, admin, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/api/import', archive, admin, { 'Content-Type': 'text/plain' })).status).toBe(415);

    const truncated = await post('/api/import', archive.subarray(0, archive.byteLength >> 1), admin);
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toEqual({ error: expect.stringMatching(/truncated/), field: 'archive' });
    const notArchive = await post('/api/import', new TextEncoder().encode('hello'), admin);
    expect((await notArchive.json()).error).toMatch(/not an archive/);
    const noTar = await post('/api/import', new Uint8Array(gzipSync('hello')), admin);
    expect(noTar.status).toBe(400);

    expect((await call('/api/auth/user', { cookie: admin })).status).toBe(200);
    expect(await (await call(`/api/projects/${own.id}`)).text()).toBe(before);
    expect((await call(`/api/projects/${own.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
  });

  it.skipIf(workerServer().databaseUrl !== '')(
    'npm run export asks the running server when it holds the embedded database',
    async () => {
      const dataDir = join(dirname(workerServer().serverLog), 'pglite');
      const secret = statSync(join(dataDir, 'export-access.json'));
      expect(secret.mode & 0o777).toBe(0o600);
      const out = join(work, 'via-server.tar.gz');
      await promisify(execFile)(process.execPath, ['scripts/export.ts', '--out', out], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      });
      const tar = gunzipSync(readFileSync(out)).toString('latin1');
      expect(tar).toContain('tables/users.jsonl');
      expect(statSync(out).mode & 0o777).toBe(0o600);
    },
  );
});
