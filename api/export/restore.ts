import { roleFor } from '../auth/roles.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Archive, Dropped } from './read.ts';
import { ident, openReadSession, writeSession, type Row, type Session } from './reader.ts';
import { allTableNames, KEPT_TABLES, restoredTables } from './tables.ts';
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
  /** "this-site": signed with this site's key; "elsewhere": check it before restoring. */
  origin: 'this-site' | 'elsewhere';
  /** What the archive held that is not restored (ways in, email verification, the security log). */
  dropped: Dropped[];
}

/** Who asked for an import, for the security log. */
export interface ImportActor {
  userId?: string | null;
  email?: string | null;
  /** 'admin page' or 'command line'. */
  method: string;
  clientAddress?: string | null;
}

async function countRows(session: Session): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const info of restoredTables()) {
    const [row] = await session.query(`select count(*)::int as n from ${ident(info.name)}`);
    counts.set(info.name, Number(row?.n ?? 0));
  }
  return counts;
}

function summarize(archive: Archive, counts: Map<string, number>): RestoreSummary {
  const tables = restoredTables().map((info) => ({
    name: info.name,
    archive: archive.rows.get(info.name)?.length ?? 0,
    current: counts.get(info.name) ?? 0,
  }));
  return {
    createdAt: archive.manifest.createdAt,
    migration: archive.manifest.migration.tag,
    tables,
    replaces: tables.some((table) => table.current > 0),
    origin: archive.origin,
    dropped: archive.dropped,
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

/** Serial and identity sequences continue after the highest id (setval is never rolled back: see restoreArchive). */
async function resetSequences(session: Session): Promise<void> {
  for (const info of restoredTables()) {
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

/** Tables an import empties: every table but the kept ones (the security log) and the signing key. */
const emptiedTables = () => allTableNames().filter((name) => !(name in KEPT_TABLES) && name !== 'archive_signing_key');

/**
 * Restores a checked archive in one transaction: nothing stays if any step fails. A database
 * holding data is refused unless `replace`; replacing empties every table but the security log,
 * sessions included, so everyone is signed out. Nobody's email counts as verified afterwards (roles
 * follow): an archive never vouches for an address. The import joins the security log in the same
 * transaction.
 */
export async function restoreArchive(
  database: Database,
  archive: Archive,
  options: { replace: boolean; cfg: Config; actor: ImportActor },
): Promise<RestoreSummary> {
  try {
    return await writeSession(database, async (session) => {
      const summary = summarize(archive, await countRows(session));
      if (summary.replaces && !options.replace) {
        throw new ArchiveRejected(
          'The database is not empty: importing would replace its data. Use --replace (the admin page asks to confirm) to replace it.',
        );
      }
      if (options.replace) {
        await session.query(`truncate ${emptiedTables().map(ident).join(', ')} restart identity cascade`);
      }
      for (const info of restoredTables()) {
        const rows = archive.rows.get(info.name) ?? [];
        if (rows.length === 0) continue;
        const columns = archive.columns.get(info.name)!;
        const prepared = rows.map((row) => {
          const copy = { ...row };
          for (const column of info.fileColumns) copy[column] = hex(archive.files.get(row[column] as string)!);
          if (info.name === 'users') copy.email_verified = false;
          return copy;
        });
        await insertRows(session, info.name, columns, prepared);
      }
      await rederiveRoles(session, options.cfg);
      // The truncate fired no row trigger, and the rollups and their zone are not in archives: built afresh.
      await session.query('select metric_rollups_rebuild($1)', [options.cfg.OWNER_TIME_ZONE]);
      await recordImport(session, options.actor, summary);
      // Last, just before the commit: setval is not undone by a rollback (see the catch below).
      await resetSequences(session);
      return summary;
    });
  } catch (error) {
    // Sequences a failed attempt moved are set again from the rows that stayed.
    await writeSession(database, resetSequences).catch(() => {});
    throw error;
  }
}

async function recordImport(session: Session, actor: ImportActor, summary: RestoreSummary): Promise<void> {
  const rows = summary.tables.reduce((sum, table) => sum + table.archive, 0);
  await session.query(
    `insert into security_events (kind, outcome, reason, user_id, email, method, client_address, detail)
     values ('import', 'success', $1, $2, $3, $4, $5, $6::jsonb)`,
    [
      `Restored ${rows} rows from an archive made ${summary.createdAt} (${summary.origin === 'this-site' ? 'made by this site' : 'from elsewhere'})`,
      actor.userId ?? null,
      actor.email ?? null,
      actor.method,
      actor.clientAddress ?? null,
      JSON.stringify({
        origin: summary.origin,
        createdAt: summary.createdAt,
        migration: summary.migration,
        dropped: summary.dropped.map(({ table, rows: count }) => ({ table, rows: count })),
      }),
    ],
  );
}
