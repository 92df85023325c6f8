import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { archiveCap, inflate, InflateRefused } from '../inflate.ts';
import { ACCEPTED } from '../services/uploads.ts';
import {
  currentMigration,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_PATH,
  manifestShape,
  MAX_ENTRIES,
  MAX_ROWS_PER_TABLE,
  READABLE_VERSIONS,
  tablePath,
  type Manifest,
} from './format.ts';
import type { Row } from './reader.ts';
import { rowProblem } from './row-shapes.ts';
import { madeByThisSite, SIGNATURE_PATH } from './sign.ts';
import { DENIED_TABLES, exportedTables, isDenied, KEPT_TABLES } from './tables.ts';
import { ArchiveRejected, joinPieces, readTarStream } from './tar.ts';
import { upgradeTables, type ArchiveTables } from './upgrades.ts';

/** An archive's compressed bytes as they arrive, and how many there are (the inflate cap follows from it). */
export interface Upload {
  bytes: number;
  chunks: AsyncIterable<Uint8Array>;
}

/** An upload already in memory. */
export const uploadOf = (bytes: Uint8Array): Upload => ({
  bytes: bytes.byteLength,
  chunks: (async function* () {
    // Fed in pieces, so the inflate helper sees the stream a file or a request would give it.
    for (let offset = 0; offset < bytes.byteLength; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
  })(),
});

/** What an import leaves out of an archive, and why (the preview lists it). */
export interface Dropped {
  table: string;
  rows: number;
  why: string;
}

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
  /** "this-site" once `checkOrigin` found this site's signature (./sign.ts); anything else is from elsewhere. */
  origin: 'this-site' | 'elsewhere';
  /** The manifest's exact bytes and the signature file, if any. */
  signed: { manifest: Uint8Array; signature: Uint8Array | undefined };
  /** Ways in and kept tables the archive held, which are not restored. */
  dropped: Dropped[];
}

const TOO_LARGE =
  'The archive unpacks to more than 20 times its compressed size (or more than 1 GB): refused as a possible gzip bomb.';

/** Every entry of the archive, inflated through the capped helper and read as a stream of tar entries. */
async function unpack(upload: Upload): Promise<Map<string, Uint8Array>> {
  const held = new Map<string, { size: number; pieces: Uint8Array[] }>();
  const cap = archiveCap(upload.bytes);
  const limits = { maxEntries: MAX_ENTRIES, maxBytes: cap.maxBytes, tooLarge: TOO_LARGE };
  try {
    // Held as the pieces they arrived in until the whole archive is in: a bomb stops at the cap with no copies made.
    for await (const { name, size, pieces } of readTarStream(inflate(upload.chunks, cap), limits)) {
      held.set(name, { size, pieces });
    }
  } catch (error) {
    if (!(error instanceof InflateRefused)) throw error;
    if (error.reason === 'not-gzip')
      throw new ArchiveRejected('The file is not an archive of this site (expected a .tar.gz file).');
    if (error.reason === 'too-large') throw new ArchiveRejected(TOO_LARGE);
    if (error.reason === 'truncated')
      throw new ArchiveRejected('The archive is truncated (the compressed data ends early).');
    throw new ArchiveRejected('The archive is damaged (its compressed data cannot be read).');
  }
  const entries = new Map<string, Uint8Array>();
  for (const [name, { size, pieces }] of held) {
    entries.set(name, joinPieces(pieces, size));
    held.delete(name);
  }
  return entries;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The archive, with `origin` telling whether this site signed it. */
export async function checkOrigin(database: Database, cfg: Config, archive: Archive): Promise<Archive> {
  const mine = await madeByThisSite(database, cfg, archive.signed.manifest, archive.signed.signature);
  return { ...archive, origin: mine ? 'this-site' : 'elsewhere' };
}

/**
 * Unpacks and checks an archive before anything is written: format and version, every checksum,
 * every path, every table and column known, every row count, every row against its `domain/` shape,
 * every image a real image; and tells whether this site signed it.
 */
export async function parseArchive(source: Upload | Uint8Array): Promise<Archive> {
  const entries = await unpack(source instanceof Uint8Array ? uploadOf(source) : source);
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
  if (!READABLE_VERSIONS.includes(format.formatVersion as number)) {
    throw new ArchiveRejected(
      `The archive's format version ${String(format.formatVersion)} is not supported: this site reads versions ${READABLE_VERSIONS.join(' to ')} (it writes ${FORMAT_VERSION}).`,
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
    if (path === MANIFEST_PATH || path === SIGNATURE_PATH) continue;
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

  // The rows as written, in the archive's own schema; ways in dropped unread, whatever the archive claims.
  const written: ArchiveTables = new Map();
  const lines = new Map<string, number[]>();
  const dropped: Dropped[] = [];
  for (const [name, table] of Object.entries(manifest.tables)) {
    const data = files.get(tablePath(name));
    if (!data) throw new ArchiveRejected(`The archive is missing ${tablePath(name)}.`);
    if (table.rows > MAX_ROWS_PER_TABLE)
      throw new ArchiveRejected(`${tablePath(name)} holds more than ${MAX_ROWS_PER_TABLE} rows, more than this site restores.`);
    if (isDenied(name)) {
      dropped.push({ table: name, rows: table.rows, why: DENIED_TABLES[name]! });
      continue;
    }
    const list: Row[] = [];
    const numbers: number[] = [];
    const text = new TextDecoder().decode(data);
    let line = 0;
    for (const item of text.split('\n')) {
      line++;
      if (item === '') continue;
      if (list.length >= table.rows)
        throw new ArchiveRejected(`${tablePath(name)} holds more rows than the manifest says (${table.rows}).`);
      let row: unknown;
      try {
        row = JSON.parse(item);
      } catch {
        throw new ArchiveRejected(`${tablePath(name)} line ${line} is not valid JSON.`);
      }
      if (!row || typeof row !== 'object' || Array.isArray(row))
        throw new ArchiveRejected(`${tablePath(name)} line ${line} is not a row object.`);
      list.push(row as Row);
      numbers.push(line);
    }
    if (list.length !== table.rows) {
      throw new ArchiveRejected(`${tablePath(name)} holds ${list.length} rows; the manifest says ${table.rows}.`);
    }
    written.set(name, { columns: table.columns, rows: list });
    lines.set(name, numbers);
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
    const numbers = lines.get(name) ?? [];
    for (const [index, row] of table.rows.entries()) {
      // The same checks as the form or API call that would have written the row (upgrades keep the order).
      const problem = rowProblem(name, row);
      if (problem)
        throw new ArchiveRejected(`Refused: ${tablePath(name)} line ${numbers[index] ?? index + 1}: ${problem}.`);
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
    if (name in KEPT_TABLES) {
      dropped.push({ table: name, rows: table.rows.length, why: KEPT_TABLES[name]! });
      continue;
    }
    rows.set(name, table.rows);
    columns.set(name, table.columns);
  }
  const verified = (rows.get('users') ?? []).filter((row) => row.email_verified === true).length;
  if (verified > 0) {
    dropped.push({
      table: 'users',
      rows: verified,
      why: 'email verification: never taken from an archive; each person confirms their address by signing in again, and roles follow ADMIN_EMAILS then',
    });
  }
  const signed = { manifest: manifestBytes, signature: entries.get(SIGNATURE_PATH) };
  return { manifest, columns, rows, files, upgrades: applied, origin: 'elsewhere', dropped, signed };
}
