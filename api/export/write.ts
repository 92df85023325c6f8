import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { config, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { FORMAT, FORMAT_VERSION, MANIFEST_PATH, migrationAt, tablePath, type Manifest } from './format.ts';
import { appliedMigrations, ident, openReadSession, type Session } from './reader.ts';
import { signManifest, signingKey, SIGNATURE_PATH } from './sign.ts';
import { exportedTables, type TableInfo } from './tables.ts';
import { TAR_END, tarHeader, tarPadding } from './tar.ts';

/** Rows per query; tables with file columns fetch few rows at a time so only a few images are ever in memory. */
const BATCH = 2000;
const FILE_BATCH = 8;

const encoder = new TextEncoder();

/** SQL for a row's archive path of file column `column`: `<table>/<pk...>.<ext>`, the extension from content_type. */
function filePathSql(info: TableInfo, column: string): string {
  const ext = info.columns.includes('content_type')
    ? `coalesce(substring(t.content_type from '^image/([a-z0-9]+)$'), 'bin')`
    : `'bin'`;
  const suffix = info.fileColumns.length > 1 ? ` || '.${column}'` : '';
  const keys = info.primaryKey.map((key) => `t.${ident(key)}::text`).join(` || '/' || `);
  return `'${info.name}/' || ${keys}${suffix} || '.' || ${ext}`;
}

function rowQuery(info: TableInfo): string {
  const order = info.primaryKey.map((key) => `t.${ident(key)}`).join(', ');
  const keep = info.columns
    .filter((column) => !info.fileColumns.includes(column))
    .map((column) => `'${column}'`)
    .join(', ');
  // Only the columns the archive carries: a denied secret column never leaves the database.
  let json = `(select jsonb_object_agg(key, value) from jsonb_each(to_jsonb(t)) where key in (${keep}))`;
  if (info.fileColumns.length > 0) {
    json = `(${json} || jsonb_build_object(${info.fileColumns.map((c) => `'${c}', ${filePathSql(info, c)}`).join(', ')}))`;
  }
  return `select ${json}::text as j from ${ident(info.name)} t order by ${order} limit $1 offset $2`;
}

function fileQuery(info: TableInfo, column: string): string {
  const order = info.primaryKey.map((key) => `t.${ident(key)}`).join(', ');
  return `select ${filePathSql(info, column)} as path, t.${ident(column)} as data from ${ident(info.name)} t order by ${order} limit $1 offset $2`;
}

/**
 * The archive's bytes, uncompressed, entry by entry: each table's JSON Lines file (held whole while
 * it is written: a tar header needs the size first), then its files one by one, the manifest last.
 */
async function* tarChunks(session: Session, createdAt: Date, key: string): AsyncGenerator<Uint8Array> {
  const files: Manifest['files'] = {};
  const tables: Manifest['tables'] = {};
  const migration = migrationAt(await appliedMigrations(session));

  function* entry(path: string, data: Uint8Array): Generator<Uint8Array> {
    files[path] = { bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
    yield tarHeader(path, data.byteLength, createdAt);
    yield data;
    yield tarPadding(data.byteLength);
  }

  for (const info of exportedTables()) {
    const query = rowQuery(info);
    const lines: string[] = [];
    for (let offset = 0; ; offset += BATCH) {
      const rows = await session.query(query, [BATCH, offset]);
      for (const row of rows) lines.push(`${row.j as string}\n`);
      if (rows.length < BATCH) break;
    }
    tables[info.name] = { rows: lines.length, columns: info.columns };
    yield* entry(tablePath(info.name), encoder.encode(lines.join('')));
    // Then the table's files, a few rows at a time, so only a few images are ever in memory.
    for (const column of info.fileColumns) {
      const query = fileQuery(info, column);
      for (let offset = 0; ; offset += FILE_BATCH) {
        const rows = await session.query(query, [FILE_BATCH, offset]);
        for (const row of rows) yield* entry(row.path as string, new Uint8Array(row.data as Uint8Array));
        if (rows.length < FILE_BATCH) break;
      }
    }
  }
  yield* pointsAsCsv(session, entry);
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    migration,
    createdAt: createdAt.toISOString(),
    tables,
    files,
  };
  const data = encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`);
  yield tarHeader(MANIFEST_PATH, data.byteLength, createdAt);
  yield data;
  yield tarPadding(data.byteLength);
  // The manifest's exact bytes, signed: it holds every other file's checksum (docs/archive-format.md).
  const signature = signManifest(key, data);
  yield tarHeader(SIGNATURE_PATH, signature.byteLength, createdAt);
  yield signature;
  yield tarPadding(signature.byteLength);
  yield TAR_END;
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/**
 * A text cell a spreadsheet would read as a formula (`=HYPERLINK(…)` in a note written with a token) starts
 * with an apostrophe instead, which spreadsheets show as text (OWASP's advice for CSV injection).
 */
export const csvText = (value: string) => csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Each metric's points also as `points/<metric key>.csv` (at, value, note, source), for a spreadsheet; import ignores them. */
async function* pointsAsCsv(
  session: Session,
  entry: (path: string, data: Uint8Array) => Generator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const names = exportedTables().map((info) => info.name);
  if (!names.includes('metrics') || !names.includes('metric_points')) return;
  const metrics = await session.query('select id, key from metrics order by key');
  for (const metric of metrics) {
    const rows = await session.query(
      `select to_json(at) #>> '{}' as at, value::text as value, coalesce(note, '') as note, source from metric_points where metric_id = $1 order by at, source`,
      [metric.id],
    );
    const lines = [
      'at,value,note,source',
      // `at` and `value` are the database's own rendering of a time and a number; the note and source are text.
      ...rows.map((row) =>
        [csvField(String(row.at)), csvField(String(row.value)), csvText(String(row.note)), csvText(String(row.source))].join(','),
      ),
    ];
    yield* entry(`points/${String(metric.key)}.csv`, encoder.encode(`${lines.join('\n')}\n`));
  }
}

/** The archive (gzip-compressed tar) as a stream, read from one consistent view of the database. */
export function archiveStream(database: Database, createdAt = new Date(), cfg: Config = config()): Readable {
  const gzip = createGzip({ level: 6 });
  async function* chunks() {
    // Before the read session: on PostgreSQL it is read-only, and the first export makes the key.
    const key = await signingKey(database, cfg);
    // The read session stays open for as long as the consumer keeps reading, and closes if it stops.
    const session = await openReadSession(database);
    try {
      yield* tarChunks(session, createdAt, key);
    } finally {
      await session.close();
    }
  }
  pipeline(Readable.from(chunks(), { objectMode: false }), gzip).catch((error) => gzip.destroy(error));
  return gzip;
}

/** Writes the archive to `out` (a file stream), resolving once it is complete. */
export async function writeArchive(
  database: Database,
  out: Writable,
  createdAt = new Date(),
  cfg: Config = config(),
): Promise<void> {
  await pipeline(archiveStream(database, createdAt, cfg), out);
}
