import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';

/*
 * What the archive holds, derived from the Drizzle schema: every table is exported unless it is
 * named here, so a table added later is exported without anyone remembering to list it (a unit test
 * fails on a table that is neither exported nor denied, and on a denial naming no table).
 */

/** Tables never exported, with the reason. Restoring them would restore access, not data. */
export const DENIED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'signed-in sessions: a restore signs everyone out',
  login_links: 'one-time sign-in links',
  rate_limits: 'sign-in attempt counters',
  access_tokens: 'personal access tokens: only their hashes are kept, so a restored site needs new tokens',
  // A WebAuthn credential is bound to the site's origin and rpID (SITE_URL's host): restored onto another
  // host it could never be used, and restoring one would add a way in that the archive's reader chose.
  passkeys: "passkeys: credentials are bound to the site's origin (rpID); register them again after a move",
  webauthn_challenges: 'passkey challenges: single-use, expire within minutes',
  recovery_codes: 'recovery codes: a way in; a restore must never bring codes someone else chose, so make new ones after a move',
  // A link from a GitHub or OpenID Connect identity to a person is a way in: restored from a file someone
  // sent, it would let that identity sign in as whoever the file says. People link it again by signing in.
  user_accounts: 'links from GitHub or OpenID Connect identities to people: sign in with the provider again',
  archive_signing_key: "the key this site signs its archives with: an archive never brings the key that vouches for it",
  demo_checks: "the demo checker's last looks at live demos: this site looks again itself",
  metric_daily_rollups: 'daily rollups of the points: derived from them, rebuilt by every import',
  metric_rollup_zone: "the time zone the rollups were built in: an import rebuilds them in this site's OWNER_TIME_ZONE",
  insight_results: 'insights: derived from the points and check-ins, computed again after an import',
  // The runs record this site's own work (what an import wrote, to resume or undo it), not the owner's data; a
  // restore empties them with the points, and the restored points belong to no run.
  import_runs: "this site's Apple Health import runs: its own record of what an import wrote, to resume or undo it",
};

/**
 * Tables exported (for the owner to read) but never restored: an import keeps this site's own rows.
 * The security log must record what happened here, import included, whatever an archive says.
 */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  security_events: "this site's security log is kept; the archive's is not restored",
};

/** Denied tables whose rows an archive from elsewhere might still hold: dropped, and named in the preview. */
export const isDenied = (table: string) => table in DENIED_TABLES;

/**
 * Columns never exported from otherwise exported tables (secret hashes): a table listed here must
 * allow the column to be empty, or be denied whole.
 */
export const DENIED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // Which import run inserted a point: meaningless without the runs, which are not exported.
  metric_points: ['import_run_id'],
};

export interface TableInfo {
  name: string;
  table: PgTable;
  /** Database column names, in schema order. */
  columns: string[];
  /** Columns stored as files in the archive (bytea). */
  fileColumns: string[];
  /** Primary key columns, the export's row order. */
  primaryKey: string[];
  /** Tables this one refers to (foreign keys), which must be restored first. */
  refersTo: string[];
}

export function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

export function describeTable(table: PgTable): TableInfo {
  const config = getTableConfig(table);
  const denied = DENIED_COLUMNS[config.name] ?? [];
  const columns = config.columns.filter((column) => !denied.includes(column.name));
  const primaryKey =
    config.primaryKeys[0]?.columns.map((column) => column.name) ?? columns.filter((c) => c.primary).map((c) => c.name);
  if (primaryKey.length === 0)
    throw new Error(`Table ${config.name} has no primary key; the archive orders rows by it.`);
  return {
    name: config.name,
    table,
    columns: columns.map((column) => column.name),
    fileColumns: columns.filter((column) => column.getSQLType() === 'bytea').map((column) => column.name),
    primaryKey,
    refersTo: [...new Set(config.foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)))].filter(
      (name) => name !== config.name,
    ),
  };
}

/** Exported tables, each after the tables it refers to (restore order). */
export function exportedTables(): TableInfo[] {
  const pending = allTables()
    .filter((table) => !(getTableConfig(table).name in DENIED_TABLES))
    .map(describeTable);
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (pending.length > 0) {
    const index = pending.findIndex((info) => info.refersTo.every((name) => done.has(name) || name in DENIED_TABLES));
    if (index === -1)
      throw new Error(`Foreign keys form a cycle among ${pending.map((info) => info.name).join(', ')}.`);
    const [next] = pending.splice(index, 1);
    ordered.push(next!);
    done.add(next!.name);
  }
  return ordered;
}

/** Exported tables an import writes (all but the kept ones), in restore order. */
export const restoredTables = () => exportedTables().filter((info) => !(info.name in KEPT_TABLES));

/** Every table of the schema by its database name (exported or denied). */
export function allTableNames(): string[] {
  return allTables().map((table) => getTableConfig(table).name);
}
