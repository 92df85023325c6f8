import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED } from '../services/uploads.ts';
import {
  currentMigration,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_PATH,
  manifestShape,
  tablePath,
  type Manifest,
} from './format.ts';
import type { Row } from './reader.ts';
import { exportedTables } from './tables.ts';
import { ArchiveRejected, readTar } from './tar.ts';
import { upgradeTables, type ArchiveTables } from './upgrades.ts';

/**
 * An archive that passed every check: its manifest, each table's columns and rows (upgraded to
 * today's tables, ./upgrades.ts), its files by path, and the upgrade steps it went through.
 */
export interface Archive {
  manifest: Manifest;
  columns: Map<string, string[]>;
  rows: Map<string, Row[]>;
  files: Map<string, Uint8Array>;
  upgrades: string[];
}

/** Largest archive we unpack (uncompressed); a gzip bomb stops here. */
const MAX_UNPACKED = 2 * 1024 * 1024 * 1024 - 1;

function gunzip(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new ArchiveRejected('The file is not an archive of this site (expected a .tar.gz file).');
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_UNPACKED });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new ArchiveRejected('The archive is truncated (the compressed data ends early).');
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new ArchiveRejected('The archive unpacks to more than 2 GB.');
    throw new ArchiveRejected('The archive is damaged (its compressed data cannot be read).');
  }
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Unpacks and checks an archive before anything is written: format and version, every checksum,
 * every path, every table and column known, every row count, every image a real image.
 */
export async function parseArchive(bytes: Uint8Array): Promise<Archive> {
  const entries = readTar(gunzip(bytes));
  const manifestBytes = entries.get(MANIFEST_PATH);
  if (!manifestBytes)
    throw new ArchiveRejected(
      'The archive has no manifest.json: it is not an archive of this site, or it is truncated.',
    );
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch {
    throw new ArchiveRejected("The archive's manifest.json is not valid JSON.");
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== FORMAT)
    throw new ArchiveRejected('The file is not an archive of this site (its manifest names another format).');
  if (format.formatVersion !== FORMAT_VERSION) {
    throw new ArchiveRejected(
      `The archive's format version ${String(format.formatVersion)} is not supported: this site reads version ${FORMAT_VERSION}.`,
    );
  }
  const parsed = manifestShape.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ArchiveRejected(
      `The archive's manifest.json is not valid: ${issue.path.join('.') || 'manifest'}: ${issue.message}.`,
    );
  }
  const manifest = parsed.data;
  const current = currentMigration();
  if (manifest.migration.index > current.index) {
    throw new ArchiveRejected(
      `The archive comes from a newer version of the site (database migration ${manifest.migration.tag}); this one knows up to ${current.tag}. Update the site first.`,
    );
  }

  const files = new Map<string, Uint8Array>();
  for (const [path, data] of entries) {
    if (path === MANIFEST_PATH) continue;
    const listed = manifest.files[path];
    if (!listed) throw new ArchiveRejected(`The archive holds ${path}, which its manifest does not list.`);
    if (listed.bytes !== data.byteLength || listed.sha256 !== sha256(data)) {
      throw new ArchiveRejected(
        `Checksum mismatch: ${path} does not match the manifest (the file was changed or damaged).`,
      );
    }
    files.set(path, data);
  }
  for (const path of Object.keys(manifest.files)) {
    if (!files.has(path))
      throw new ArchiveRejected(`The archive is missing ${path}, which its manifest lists (truncated?).`);
  }

  // The rows as written, in the archive's own schema.
  const written: ArchiveTables = new Map();
  for (const [name, table] of Object.entries(manifest.tables)) {
    const data = files.get(tablePath(name));
    if (!data) throw new ArchiveRejected(`The archive is missing ${tablePath(name)}.`);
    const list: Row[] = [];
    const text = new TextDecoder().decode(data);
    let line = 0;
    for (const item of text.split('\n')) {
      line++;
      if (item === '') continue;
      let row: unknown;
      try {
        row = JSON.parse(item);
      } catch {
        throw new ArchiveRejected(`${tablePath(name)} line ${line} is not valid JSON.`);
      }
      if (!row || typeof row !== 'object' || Array.isArray(row))
        throw new ArchiveRejected(`${tablePath(name)} line ${line} is not a row object.`);
      list.push(row as Row);
    }
    if (list.length !== table.rows) {
      throw new ArchiveRejected(`${tablePath(name)} holds ${list.length} rows; the manifest says ${table.rows}.`);
    }
    written.set(name, { columns: table.columns, rows: list });
  }

  // Carried forward to today's tables, then checked against them.
  const { tables: upgraded, applied } = upgradeTables(written, manifest.migration.index);
  const known = new Map(exportedTables().map((info) => [info.name, info]));
  const rows = new Map<string, Row[]>();
  const columns = new Map<string, string[]>();
  for (const [name, table] of upgraded) {
    const info = known.get(name);
    if (!info) throw new ArchiveRejected(`The archive holds a table this site does not restore: ${name}.`);
    const unknown = table.columns.find((column) => !info.columns.includes(column));
    if (unknown)
      throw new ArchiveRejected(`The archive's table ${name} has a column this site does not know: ${unknown}.`);
    for (const row of table.rows) {
      for (const column of info.fileColumns) {
        const path = row[column];
        const file = typeof path === 'string' ? files.get(path) : undefined;
        if (!file)
          throw new ArchiveRejected(`A row of ${name} refers to a file the archive does not hold: ${String(path)}.`);
        // The same check as an upload: by its bytes, an image of a type we serve.
        const type = await fileTypeFromBuffer(file);
        if (!type || !ACCEPTED.has(type.mime))
          throw new ArchiveRejected(`${path} is not an image (PNG, JPEG, WebP, GIF or AVIF).`);
      }
    }
    rows.set(name, table.rows);
    columns.set(name, table.columns);
  }
  return { manifest, columns, rows, files, upgrades: applied };
}
