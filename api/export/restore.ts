import { roleFor } from '../auth/roles.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Archive } from './read.ts';
import { ident, openReadSession, writeSession, type Row, type Session } from './reader.ts';
import { allTableNames, exportedTables } from './tables.ts';
import { ArchiveRejected } from './tar.ts';

/** Rows per insert, and a byte budget per insert so a batch of images stays a few MB. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;

export interface TableSummary {
  name: string;
  /** Rows the archive holds. */
  archive: number;
  /** Rows the database holds now (all replaced by an import). */
  current: number;
}

export interface RestoreSummary {
  createdAt: string;
  migration: string;
  tables: TableSummary[];
  /** Whether the database holds data that an import would replace (then `replace` is needed). */
  replaces: boolean;
}

async function countRows(session: Session): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const info of exportedTables()) {
    const [row] = await session.query(`select count(*)::int as n from ${ident(info.name)}`);
    counts.set(info.name, Number(row?.n ?? 0));
  }
  return counts;
}

function summarize(archive: Archive, counts: Map<string, number>): RestoreSummary {
  const tables = exportedTables().map((info) => ({
    name: info.name,
    archive: archive.rows.get(info.name)?.length ?? 0,
    current: counts.get(info.name) ?? 0,
  }));
  return {
    createdAt: archive.manifest.createdAt,
    migration: archive.manifest.migration.tag,
    tables,
    replaces: tables.some((table) => table.current > 0),
  };
}

/** What an import would do, changing nothing (the admin page's dry run). */
export async function dryRun(database: Database, archive: Archive): Promise<RestoreSummary> {
  const session = await openReadSession(database);
  try {
    return summarize(archive, await countRows(session));
  } finally {
    await session.close();
  }
}

const hex = (bytes: Uint8Array) =>
  `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;

async function insertRows(session: Session, name: string, columns: string[], rows: Row[]): Promise<void> {
  const list = columns.map(ident).join(', ');
  // json_populate_recordset lets PostgreSQL itself turn each JSON value into the column's type.
  const text = `insert into ${ident(name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(name)}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await session.query(text, [`[${batch.join(',')}]`]);
    batch = [];
    bytes = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    batch.push(json);
    bytes += json.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
}

/** Serial and identity sequences continue after the highest restored id. */
async function resetSequences(session: Session): Promise<void> {
  for (const info of exportedTables()) {
    for (const column of info.columns) {
      const [row] = await session.query('select pg_get_serial_sequence($1, $2) as seq', [ident(info.name), column]);
      if (!row?.seq) continue;
      await session.query(
        `select setval($1::regclass, coalesce(max(${ident(column)}), 1), max(${ident(column)}) is not null) from ${ident(info.name)}`,
        [row.seq],
      );
    }
  }
}

/** Roles follow the current ADMIN_EMAILS, as at every start (an archive never grants admin by itself). */
async function rederiveRoles(session: Session, cfg: Config): Promise<void> {
  for (const user of await session.query('select id, email, email_verified, role from users')) {
    const role = roleFor(String(user.email), Boolean(user.email_verified), cfg);
    if (role !== user.role) await session.query('update users set role = $1 where id = $2', [role, user.id]);
  }
}

/**
 * Restores a checked archive in one transaction: nothing stays if any step fails. A database
 * holding data is refused unless `replace`; replacing empties every table, sessions included, so
 * everyone is signed out.
 */
export async function restoreArchive(
  database: Database,
  archive: Archive,
  options: { replace: boolean; cfg: Config },
): Promise<RestoreSummary> {
  return writeSession(database, async (session) => {
    const summary = summarize(archive, await countRows(session));
    if (summary.replaces && !options.replace) {
      throw new ArchiveRejected(
        'The database is not empty: importing would replace its data. Use --replace (the admin page asks to confirm) to replace it.',
      );
    }
    if (options.replace) {
      await session.query(`truncate ${allTableNames().map(ident).join(', ')} restart identity cascade`);
    }
    for (const info of exportedTables()) {
      const rows = archive.rows.get(info.name) ?? [];
      if (rows.length === 0) continue;
      const columns = archive.columns.get(info.name)!;
      const prepared =
        info.fileColumns.length === 0
          ? rows
          : rows.map((row) => {
              const copy = { ...row };
              for (const column of info.fileColumns) copy[column] = hex(archive.files.get(row[column] as string)!);
              return copy;
            });
      await insertRows(session, info.name, columns, prepared);
    }
    await resetSequences(session);
    await rederiveRoles(session, options.cfg);
    return summary;
  });
}
