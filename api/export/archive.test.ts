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
import { SIGNATURE_PATH } from './sign.ts';
import { writeArchive } from './write.ts';

/*
 * Round trip and refusals against real databases: PGlite folders in the embedded pass, fresh
 * PostgreSQL databases (from TEST_DATABASE_URL) in the PostgreSQL pass.
 */
// Both databases sign with the same configured key, as a site does after moving house.
const SIGNING_KEY = 'k'.repeat(43);
const cfg = testConfig({ ADMIN_EMAILS: 'owner@example.test', ARCHIVE_SIGNING_KEY: SIGNING_KEY });

async function exportBytes(database: Database, config = cfg): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  await writeArchive(database, new Writable({ write: (chunk, _, done) => (chunks.push(chunk), done()) }), new Date(), config);
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
  // Repacked by hand, so unsigned: the signature file is left out.
  for (const [path, data] of entries) {
    if (path !== MANIFEST_PATH && path !== SIGNATURE_PATH)
      manifest.files[path] = { bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
  }
  edit(manifest);
  const parts: Uint8Array[] = [];
  const add = (path: string, data: Uint8Array) => {
    parts.push(tarHeader(path, data.byteLength, new Date()), data, tarPadding(data.byteLength));
  };
  for (const [path, data] of entries) if (path !== MANIFEST_PATH && path !== SIGNATURE_PATH) add(path, data);
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

/**
 * Every table file of the database's export, by path: equal maps mean equal data. The security log is left
 * out: every import, refused or not, adds to it (checked on its own below).
 */
async function tableFiles(database: Database): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const [path, data] of entriesOf(await exportBytes(database))) {
    if (path !== MANIFEST_PATH && path !== SIGNATURE_PATH && path !== tablePath('security_events'))
      result.set(path, createHash('sha256').update(data).digest('hex'));
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
  // A note written with a token that a spreadsheet would run as a formula.
  await db.execute(
    `insert into metric_points (metric_id, at, value, note) select id, '2026-03-03T08:00:00Z', -2, '=HYPERLINK("https://evil.example","x")' from metrics where key = 'steps'`,
  );
  await db.execute(`insert into access_tokens (name, token_hash) values ('Phone', 'secret-hash')`);
  await db.execute(
    `insert into playlists (id, name, spotify_url, moods, activities) values ('pl1', 'Deep', 'https://open.spotify.com/playlist/pl1', '{focused}', '{work}')`,
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
  // Every test below but the first restore starts from a target that holds the archive, in any order.
  await importArchive(target.database, archive, { replace: true, cfg });
}, 240_000);

afterAll(async () => {
  await source?.drop();
  await target?.drop();
}, 60_000);

describe('export and import', { timeout: 60_000 }, () => {
  it('describes itself in a signed manifest and leaves sessions, sign-in links and identity links out', () => {
    const manifest = manifestOf(archive);
    expect(manifest.formatVersion).toBe(FORMAT_VERSION);
    expect(Buffer.from(entriesOf(archive).get(SIGNATURE_PATH)!).toString()).toMatch(/^hmac-sha256:[0-9a-f]{64}\n$/);
    expect(Object.keys(manifest.tables)).not.toContain('user_accounts');
    expect(Object.keys(manifest.tables)).not.toContain('archive_signing_key');
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
      'at,value,note,source\n2026-03-01T08:00:00+00:00,8123.5,"walk, ""long""",manual\n2026-03-02T08:00:00+00:00,4000,,manual\n' +
        // The formula is shown as text (a leading apostrophe); a negative number stays a number.
        `2026-03-03T08:00:00+00:00,-2,"'=HYPERLINK(""https://evil.example"",""x"")",manual\n`,
    );
    expect(Object.keys(manifest.tables)).not.toContain('access_tokens');
    expect(gunzipSync(archive).includes('secret-hash')).toBe(false);
  });

  it('restores into a fresh database and exports the same table files again', async () => {
    const fresh = await freshDatabase();
    try {
      await restoresIntoFresh(fresh);
    } finally {
      await fresh.drop();
    }
  });

  async function restoresIntoFresh(target: Awaited<ReturnType<typeof freshDatabase>>) {
    const summary = await importArchive(target.database, archive, { replace: false, cfg });
    expect(summary.replaces).toBe(false);
    expect(summary.origin).toBe('this-site');
    const again = await exportBytes(target.database);
    const first = entriesOf(archive);
    const second = entriesOf(again);
    // Changed by the import itself: the manifest (its time), the log (the import) and the people (unverified).
    const changed = [MANIFEST_PATH, SIGNATURE_PATH, tablePath('security_events'), tablePath('users')];
    for (const [path, data] of first) {
      if (changed.includes(path)) continue;
      expect(Buffer.from(second.get(path) ?? []).equals(Buffer.from(data)), path).toBe(true);
    }
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());

    const db = target.database.db;
    expect((await db.execute('select count(*)::int as n from sessions')).rows[0]).toEqual({ n: 0 });
    // Insights are not in archives: computed from the restored data, not left empty until the hourly job.
    expect((await db.execute('select count(*)::int as n from insight_results')).rows[0]).toEqual({ n: 1 });
    // Sequences continue after the restored ids.
    const { max } = (await db.execute('select max(id) as max from projects')).rows[0] as { max: number };
    const inserted = await db.execute(
      `insert into projects (name, description, category) values ('After import', 'x', 'test') returning id`,
    );
    expect((inserted.rows[0] as { id: number }).id).toBeGreaterThan(max);
  }

  it('refuses a database that holds data unless told to replace it, and then signs everyone out', async () => {
    const before = await tableFiles(target.database);
    await expect(importArchive(target.database, archive, { replace: false, cfg })).rejects.toThrow(
      /not empty.*--replace/,
    );
    expect(await tableFiles(target.database)).toEqual(before);

    const preview = await previewImport(target.database, cfg, archive);
    expect(preview.replaces).toBe(true);
    expect(preview.tables.find((table) => table.name === 'users')).toEqual({ name: 'users', archive: 2, current: 2 });

    await target.database.db.execute(
      `insert into sessions (sid, sess, expire) values ('s2', '{"userId":"u-owner"}', now() + interval '1 day')`,
    );
    await importArchive(target.database, archive, { replace: true, cfg });
    expect((await target.database.db.execute('select count(*)::int as n from sessions')).rows[0]).toEqual({ n: 0 });
    expect(await tableFiles(target.database)).toEqual(before);
  });

  it("rebuilds the daily rollups from the restored points, in this site's time zone (no row trigger sees a truncate)", async () => {
    const db = target.database.db;
    const zoned = { ...cfg, OWNER_TIME_ZONE: 'Pacific/Auckland' };
    await db.execute(`select metric_rollups_rebuild('Asia/Tokyo')`);
    await importArchive(target.database, archive, { replace: true, cfg: zoned });
    expect((await db.execute('select time_zone from metric_rollup_zone')).rows).toEqual([{ time_zone: 'Pacific/Auckland' }]);
    // The three steps points of 1–3 March at 08:00 UTC are 21:00 the same day in Auckland.
    const days = await db.execute(
      `select to_char(r.day, 'YYYY-MM-DD') as day, r.source, r.points, r.total from metric_daily_rollups r
       join metrics m on m.id = r.metric_id where m.key = 'steps' order by r.day`,
    );
    expect(days.rows).toEqual([
      { day: '2026-03-01', source: 'manual', points: 1, total: 8123.5 },
      { day: '2026-03-02', source: 'manual', points: 1, total: 4000 },
      { day: '2026-03-03', source: 'manual', points: 1, total: -2 },
    ]);
    await importArchive(target.database, archive, { replace: true, cfg });
  });

  it('never takes email verification or roles from an archive: people confirm them by signing in again', async () => {
    const people = () =>
      target.database.db.execute(`select email, email_verified, role from users order by email`).then((r) => r.rows);
    await importArchive(target.database, archive, {
      replace: true,
      cfg: testConfig({ ADMIN_EMAILS: 'owner@example.test,friend@example.test', ARCHIVE_SIGNING_KEY: SIGNING_KEY }),
    });
    expect(await people()).toEqual([
      { email: 'friend@example.test', email_verified: false, role: 'viewer' },
      { email: 'owner@example.test', email_verified: false, role: 'viewer' },
    ]);
    expect((await target.database.db.execute('select count(*)::int as n from user_accounts')).rows[0]).toEqual({ n: 0 });
  });

  it('drops a planted identity link from a tampered archive and calls it "from elsewhere"', async () => {
    // The probe: an outside OIDC subject linked to the owner's user, the manifest mended to match.
    const map = entries();
    map.set(
      tablePath('user_accounts'),
      Buffer.from(`${JSON.stringify({ provider: 'oidc', subject: 'attacker', user_id: 'u-owner', created_at: '2026-01-01T00:00:00+00:00' })}\n`),
    );
    map.delete(SIGNATURE_PATH);
    const tampered = pack(map, (m) => {
      m.tables.user_accounts = { rows: 1, columns: ['provider', 'subject', 'user_id', 'created_at'] };
    });
    const preview = await previewImport(target.database, cfg, tampered);
    expect(preview.origin).toBe('elsewhere');
    expect(preview.dropped).toEqual(
      expect.arrayContaining([
        { table: 'user_accounts', rows: 1, why: expect.stringMatching(/sign in with the provider again/) },
        { table: 'users', rows: 2, why: expect.stringMatching(/email verification/) },
        { table: 'security_events', rows: expect.any(Number), why: expect.stringMatching(/security log is kept/) },
      ]),
    );
    const summary = await importArchive(target.database, tampered, { replace: true, cfg, actor: { method: 'test' } });
    expect(summary.origin).toBe('elsewhere');
    expect((await target.database.db.execute('select count(*)::int as n from user_accounts')).rows[0]).toEqual({ n: 0 });
    // The site's own security log stays, and gains the import.
    const events = await target.database.db.execute(
      `select kind, outcome, method, detail->>'origin' as origin from security_events where kind = 'import' order by id desc limit 1`,
    );
    expect(events.rows).toEqual([{ kind: 'import', outcome: 'success', method: 'test', origin: 'elsewhere' }]);
    // Re-signed with another key, the same archive is still from elsewhere.
    const other = await exportBytes(source.database, testConfig({ ARCHIVE_SIGNING_KEY: 'x'.repeat(43) }));
    expect((await previewImport(target.database, cfg, other)).origin).toBe('elsewhere');
    await importArchive(target.database, archive, { replace: true, cfg });
  });

  it('keeps the security log across an import, adding the import to it', async () => {
    const db = target.database.db;
    await db.execute(`insert into security_events (kind, outcome, reason) values ('sign-in', 'success', 'before the import')`);
    await importArchive(target.database, archive, { replace: true, cfg, actor: { method: 'test', email: 'me@example.test' } });
    const kept = await db.execute(`select count(*)::int as n from security_events where reason = 'before the import'`);
    expect(kept.rows[0]).toEqual({ n: 1 });
    const last = await db.execute(`select kind, email from security_events order by id desc limit 1`);
    expect(last.rows[0]).toEqual({ kind: 'import', email: 'me@example.test' });
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
      'a project whose address is a javascript: URL, naming the table, line and field',
      () => {
        const map = entries();
        const lines = Buffer.from(map.get('tables/projects.jsonl')!).toString().split('\n');
        const row = JSON.parse(lines[1]!) as Record<string, unknown>;
        lines[1] = JSON.stringify({ ...row, url: 'javascript:alert(document.cookie)' });
        map.set('tables/projects.jsonl', Buffer.from(lines.join('\n')));
        return pack(map);
      },
      /tables\/projects\.jsonl line 2: url: must be an http\(s\) address/,
    ],
    [
      'more rows than a table may hold',
      () => pack(entries(), (m) => (m.tables.projects!.rows = 3_000_000)),
      /more than 2000000 rows/,
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
        // A picture of a project the archive does not hold: its shape is fine, its foreign key is not.
        const map = entries();
        const rows = Buffer.from(map.get('tables/gallery_images.jsonl')!)
          .toString()
          .replace(/"project_id": \d+/, '"project_id": 999999');
        map.set('tables/gallery_images.jsonl', Buffer.from(rows));
        return pack(map);
      },
      /foreign key/,
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
