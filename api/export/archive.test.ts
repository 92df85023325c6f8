import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../auth/test-db.ts';
import type { Database } from '../db/client.ts';
import { storeImage } from '../services/images.ts';
import type { Db } from '../db/client.ts';
import sharp from 'sharp';
import { FORMAT_VERSION, MANIFEST_PATH, tablePath, type Manifest } from './format.ts';
import { importArchive, previewImport } from './import.ts';
import { ArchiveRejected, readTar, TAR_END, tarHeader, tarPadding } from './tar.ts';
import { freshDatabase } from './test-databases.ts';
import { writeArchive } from './write.ts';

/*
 * Round trip and refusals against real databases: PGlite folders in the embedded pass, fresh
 * PostgreSQL databases (from TEST_DATABASE_URL) in the PostgreSQL pass.
 */
const cfg = testConfig({ ADMIN_EMAILS: 'owner@example.test' });

async function exportBytes(database: Database): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  await writeArchive(database, new Writable({ write: (chunk, _, done) => (chunks.push(chunk), done()) }));
  return new Uint8Array(Buffer.concat(chunks));
}

const entriesOf = (bytes: Uint8Array) => readTar(gunzipSync(bytes));
const manifestOf = (bytes: Uint8Array) =>
  JSON.parse(Buffer.from(entriesOf(bytes).get(MANIFEST_PATH)!).toString()) as Manifest;

/** An archive rebuilt from entries (checksums recomputed unless `keepManifest`). */
function pack(
  entries: Map<string, Uint8Array>,
  edit: (manifest: Manifest) => void = () => {},
  rawNames: string[] = [],
): Uint8Array {
  const manifest = JSON.parse(Buffer.from(entries.get(MANIFEST_PATH)!).toString()) as Manifest;
  for (const [path, data] of entries) {
    if (path !== MANIFEST_PATH)
      manifest.files[path] = { bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
  }
  edit(manifest);
  const parts: Uint8Array[] = [];
  const add = (path: string, data: Uint8Array) => {
    parts.push(tarHeader(path, data.byteLength, new Date()), data, tarPadding(data.byteLength));
  };
  for (const [path, data] of entries) if (path !== MANIFEST_PATH) add(path, data);
  for (const name of rawNames) {
    // A header naming an escaping path, written by hand (our writer refuses such names).
    const header = tarHeader('placeholder.txt', 1, new Date());
    header.fill(0, 0, 100);
    header.set(Buffer.from(name), 0);
    header.fill(32, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.set(Buffer.from(sum.toString(8).padStart(6, '0') + '\0 '), 148);
    parts.push(header, Buffer.from('x'), tarPadding(1));
  }
  add(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest)));
  parts.push(TAR_END);
  return new Uint8Array(gzipSync(Buffer.concat(parts)));
}

/** Every table file of the database's export, by path: equal maps mean equal data. */
async function tableFiles(database: Database): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const [path, data] of entriesOf(await exportBytes(database))) {
    if (path !== MANIFEST_PATH) result.set(path, createHash('sha256').update(data).digest('hex'));
  }
  return result;
}

/** A little of everything the schema holds (text arrays, number arrays, jsonb, timestamps, images with variants). */
async function fillEveryKindOfColumn(db: Db): Promise<void> {
  const png = (color: string) =>
    sharp({ create: { width: 800, height: 500, channels: 3, background: color } })
      .png()
      .toBuffer();
  const [cover, shot] = [
    await storeImage(db, new Uint8Array(await png('#6fffe9'))),
    await storeImage(db, new Uint8Array(await png('#ff6fa8'))),
  ];
  await db.execute(`insert into projects (name, description, status, progress, category, tags, technologies, start_date, image_url) values
    ('Loom', 'A "quoted" description, with ünïcode and a\nnewline', 'active', 40, 'creative', '{a,b}', '{TypeScript}', '2026-01-05', '${cover.imageUrl}'),
    ('Atlas', 'Second', 'planned', 0, 'research', '{}', '{}', null, null)`);
  await db.execute(
    `insert into gallery_images (project_id, title, image_url, "order") select id, 'Shot', '${shot.imageUrl}', 2 from projects where name = 'Loom'`,
  );
  await db.execute(
    `insert into kpis (name, value, icon, category, sparkline_data, position) values ('Focus', '7.5', 'Brain', 'mind', '{1.5,2.25,3}', 1)`,
  );
  await db.execute(
    `insert into trends (name, data, labels, unit, description) values ('Sleep', '{7.1,7.4}', '{Jan,Feb}', 'h', 'Hours')`,
  );
  await db.execute(
    `insert into timeline_events (date, title, description, category, tags) values ('2026-02-01', 'Launch', 'Went live', 'career', '{web}')`,
  );
  await db.execute(
    `insert into current_activities (type, title, progress, metadata) values ('focus', 'Writing', 30, '{"nested":{"list":[1,2]}}')`,
  );
  await db.execute(
    `insert into now_items (type, title, progress, metadata) values ('spotify', 'Song', 50, '{"isPlaying":true}')`,
  );
  await db.execute(`insert into metrics (key, name, unit) values ('steps', 'Steps', 'steps')`);
  await db.execute(
    `insert into metric_points (metric_id, at, value, note) select id, '2026-03-01T08:00:00Z', 8123.5, 'walk, "long"' from metrics where key = 'steps'`,
  );
  await db.execute(
    `insert into metric_points (metric_id, at, value) select id, '2026-03-02T08:00:00Z', 4000 from metrics where key = 'steps'`,
  );
  await db.execute(`insert into access_tokens (name, token_hash) values ('Phone', 'secret-hash')`);
  await db.execute(
    `insert into playlists (id, name, spotify_url, moods) values ('pl1', 'Deep', 'https://open.spotify.com/playlist/pl1', '{focused}')`,
  );
}

let source: Awaited<ReturnType<typeof freshDatabase>>;
let target: Awaited<ReturnType<typeof freshDatabase>>;
let archive: Uint8Array;

beforeAll(async () => {
  // Exported from the embedded database, restored into this pass's kind (PGlite folder or PostgreSQL).
  source = await freshDatabase('embedded');
  target = await freshDatabase();
  const db = source.database.db;
  await fillEveryKindOfColumn(db);
  // People, one of them made admin by an old ADMIN_EMAILS, and a session and a sign-in link that must not travel.
  await db.execute(`insert into users (id, email, email_verified, role) values
    ('u-owner', 'owner@example.test', true, 'admin'), ('u-friend', 'friend@example.test', true, 'viewer')`);
  await db.execute(
    `insert into preferences (user_id, theme, accessibility) values ('u-owner', 'dark', '{"textSize":"large"}')`,
  );
  await db.execute(`insert into user_accounts (provider, subject, user_id) values ('github', '12345', 'u-owner')`);
  await db.execute(
    `insert into sessions (sid, sess, expire) values ('s1', '{"userId":"u-owner"}', now() + interval '1 day')`,
  );
  await db.execute(`insert into login_links (token_hash, expires_at) values ('h1', now() + interval '1 hour')`);
  archive = await exportBytes(source.database);
}, 240_000);

afterAll(async () => {
  await source?.drop();
  await target?.drop();
}, 60_000);

describe('export and import', { timeout: 60_000 }, () => {
  it('describes itself in a manifest and leaves sessions and sign-in links out', () => {
    const manifest = manifestOf(archive);
    expect(manifest.formatVersion).toBe(FORMAT_VERSION);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.tables.users!.rows).toBe(2);
    expect(manifest.tables.projects!.rows).toBeGreaterThan(0);
    expect(Object.keys(manifest.tables)).not.toContain('sessions');
    expect(Object.keys(manifest.tables)).not.toContain('login_links');
    const images = [...entriesOf(archive).keys()].filter((path) => path.startsWith('images/'));
    expect(images.length).toBe(manifest.tables.images!.rows);
    expect(images.some((path) => /^images\/[a-z0-9]+\/480\.webp$/.test(path))).toBe(true);
    // Points also as a CSV per metric; access tokens (hashes) never leave.
    expect(Buffer.from(entriesOf(archive).get('points/steps.csv')!).toString()).toBe(
      'at,value,note\n2026-03-01T08:00:00+00:00,8123.5,"walk, ""long"""\n2026-03-02T08:00:00+00:00,4000,\n',
    );
    expect(Object.keys(manifest.tables)).not.toContain('access_tokens');
    expect(gunzipSync(archive).includes('secret-hash')).toBe(false);
  });

  it('restores into a fresh database and exports the same table files again', async () => {
    const summary = await importArchive(target.database, archive, { replace: false, cfg });
    expect(summary.replaces).toBe(false);
    const again = await exportBytes(target.database);
    const first = entriesOf(archive);
    const second = entriesOf(again);
    for (const [path, data] of first) {
      if (path === MANIFEST_PATH) continue;
      expect(Buffer.from(second.get(path) ?? []).equals(Buffer.from(data)), path).toBe(true);
    }
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());

    const db = target.database.db;
    expect((await db.execute('select count(*)::int as n from sessions')).rows[0]).toEqual({ n: 0 });
    // Sequences continue after the restored ids.
    const { max } = (await db.execute('select max(id) as max from projects')).rows[0] as { max: number };
    const inserted = await db.execute(
      `insert into projects (name, description, category) values ('After import', 'x', 'test') returning id`,
    );
    expect((inserted.rows[0] as { id: number }).id).toBeGreaterThan(max);
    await db.execute(`delete from projects where name = 'After import'`);
  });

  it('refuses a database that holds data unless told to replace it, and then signs everyone out', async () => {
    const before = await tableFiles(target.database);
    await expect(importArchive(target.database, archive, { replace: false, cfg })).rejects.toThrow(
      /not empty.*--replace/,
    );
    expect(await tableFiles(target.database)).toEqual(before);

    const preview = await previewImport(target.database, archive);
    expect(preview.replaces).toBe(true);
    expect(preview.tables.find((table) => table.name === 'users')).toEqual({ name: 'users', archive: 2, current: 2 });

    await target.database.db.execute(
      `insert into sessions (sid, sess, expire) values ('s2', '{"userId":"u-owner"}', now() + interval '1 day')`,
    );
    await importArchive(target.database, archive, { replace: true, cfg });
    expect((await target.database.db.execute('select count(*)::int as n from sessions')).rows[0]).toEqual({ n: 0 });
    expect(await tableFiles(target.database)).toEqual(before);
  });

  it('re-derives roles from ADMIN_EMAILS, as at every start', async () => {
    const roles = () => target.database.db.execute(`select email, role from users order by email`).then((r) => r.rows);
    await importArchive(target.database, archive, {
      replace: true,
      cfg: testConfig({ ADMIN_EMAILS: 'owner@example.test,friend@example.test' }),
    });
    expect(await roles()).toEqual([
      { email: 'friend@example.test', role: 'admin' },
      { email: 'owner@example.test', role: 'admin' },
    ]);
    await importArchive(target.database, archive, { replace: true, cfg });
    expect(await roles()).toEqual([
      { email: 'friend@example.test', role: 'viewer' },
      { email: 'owner@example.test', role: 'admin' },
    ]);
  });

  it('migrates an archive from the first schema (0000_init) forward, filling what it lacked', async () => {
    // The archive as the site at 0000_init wrote it: only the tables and columns that migration created.
    const init = readFileSync(resolve('drizzle/0000_init.sql'), 'utf8');
    const oldTables = new Map(
      [...init.matchAll(/CREATE TABLE "([a-z_]+)" \(([\s\S]*?)\n\);/g)].map(([, name, body]) => [
        name!,
        [...body!.matchAll(/^\t"([a-z_]+)"/gm)].map(([, column]) => column!),
      ]),
    );
    expect(oldTables.get('kpis')).not.toContain('visibility');
    expect(oldTables.has('metrics')).toBe(false);
    const map = entries();
    const manifest = manifestOf(archive);
    for (const path of [...map.keys()]) {
      const table = /^tables\/([a-z_]+)\.jsonl$/.exec(path)?.[1] ?? /^([a-z_]+)\//.exec(path)?.[1];
      if (path.startsWith('points/') || (table && path.startsWith('tables/') && !oldTables.has(table)))
        map.delete(path);
    }
    for (const [name, columns] of oldTables) {
      const data = map.get(tablePath(name));
      if (!data) continue;
      const lines = Buffer.from(data)
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) =>
          JSON.stringify(
            Object.fromEntries(Object.entries(JSON.parse(line) as object).filter(([key]) => columns.includes(key))),
          ),
        );
      map.set(tablePath(name), Buffer.from(lines.map((line) => `${line}\n`).join('')));
    }
    const old = pack(map, (m) => {
      m.migration = { index: 0, tag: '0000_init' };
      m.tables = Object.fromEntries(
        Object.entries(manifest.tables)
          .filter(([name]) => oldTables.has(name))
          .map(([name, table]) => [name, { rows: table.rows, columns: oldTables.get(name)! }]),
      );
      for (const path of Object.keys(m.files)) if (!map.has(path)) delete m.files[path];
    });

    // Into the target database (replacing what the tests above left), put back as it was afterwards:
    // a second fresh database would cost most of a minute of migrations on a busy machine.
    try {
      const summary = await importArchive(target.database, old, { replace: true, cfg });
      expect(summary.migration).toBe('0000_init');
      const db = target.database.db;
      // Upgrade 0001: KPIs and trends from before visibility existed stay visible to signed-in people.
      expect((await db.execute(`select name, visibility, metric_id from kpis`)).rows).toEqual([
        { name: 'Focus', visibility: 'signed-in', metric_id: null },
      ]);
      expect((await db.execute(`select visibility from trends`)).rows).toEqual([{ visibility: 'signed-in' }]);
      expect((await db.execute(`select count(*)::int as n from metrics`)).rows[0]).toEqual({ n: 0 });
      expect((await db.execute(`select name from projects order by name`)).rows).toEqual([
        { name: 'Atlas' },
        { name: 'Loom' },
      ]);
    } finally {
      await importArchive(target.database, archive, { replace: true, cfg });
    }
  });

  const entries = () => new Map(entriesOf(archive));
  const firstImage = (map: Map<string, Uint8Array>) => [...map.keys()].find((path) => path.startsWith('images/'))!;
  const refusals: [string, () => Uint8Array, RegExp][] = [
    ['a truncated archive', () => archive.subarray(0, Math.floor(archive.length / 2)), /truncated/],
    [
      'a file that is not an archive',
      () => new TextEncoder().encode('name,email\nme,me@example.test\n'),
      /not an archive/,
    ],
    ['a gzip file that is no tar', () => new Uint8Array(gzipSync(Buffer.from('hello'))), /truncated|damaged/],
    [
      'a tampered table file (checksum mismatch)',
      () => {
        const map = entries();
        const rows = Buffer.from(map.get('tables/projects.jsonl')!).toString().replace('"progress": ', '"progress": 1');
        const manifest = map.get(MANIFEST_PATH)!;
        map.set('tables/projects.jsonl', Buffer.from(rows));
        // Rebuild the tar but keep the old manifest, so the checksums no longer match.
        const parts: Uint8Array[] = [];
        for (const [path, data] of map)
          if (path !== MANIFEST_PATH)
            parts.push(tarHeader(path, data.byteLength, new Date()), data, tarPadding(data.byteLength));
        parts.push(
          tarHeader(MANIFEST_PATH, manifest.byteLength, new Date()),
          manifest,
          tarPadding(manifest.byteLength),
          TAR_END,
        );
        return new Uint8Array(gzipSync(Buffer.concat(parts)));
      },
      /Checksum mismatch: tables\/projects\.jsonl/,
    ],
    [
      'a wrong format version',
      () => pack(entries(), (m) => (m.formatVersion = 99)),
      /format version 99 is not supported/,
    ],
    [
      'an archive from a newer schema',
      () => pack(entries(), (m) => (m.migration = { index: 999, tag: '0999_future' })),
      /newer version.*0999_future/,
    ],
    [
      'image bytes that are not an image',
      () => {
        const map = entries();
        map.set(firstImage(map), new TextEncoder().encode('<!doctype html><script>alert(1)</script>'));
        return pack(map);
      },
      /is not an image/,
    ],
    [
      'a path escaping the archive',
      () =>
        pack(entries(), (m) => (m.files['../escape.txt'] = { bytes: 1, sha256: '0'.repeat(64) }), ['../escape.txt']),
      /path that is not allowed/,
    ],
    [
      'a row the database refuses (after every check passed): nothing of it stays',
      () => {
        const map = entries();
        const rows = Buffer.from(map.get('tables/projects.jsonl')!)
          .toString()
          .replace(/"progress": \d+/, '"progress": 500');
        map.set('tables/projects.jsonl', Buffer.from(rows));
        return pack(map);
      },
      /projects_progress_range|check constraint/,
    ],
  ];

  it.each(refusals)(
    'refuses %s with a message naming the problem; the database is unchanged',
    async (_, make, message) => {
      const before = await tableFiles(target.database);
      const attempt = importArchive(target.database, make(), { replace: true, cfg });
      await expect(attempt).rejects.toThrow(message);
      expect(await tableFiles(target.database)).toEqual(before);
    },
  );

  it('names archive problems as refusals, not server errors', async () => {
    await expect(
      importArchive(target.database, new Uint8Array([1, 2, 3]), { replace: true, cfg }),
    ).rejects.toBeInstanceOf(ArchiveRejected);
  });
});
