import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { allTableNames, exportedTables } from '../export/tables.ts';

/*
 * The test harness's seeded snapshot: a copy of every data table, kept in a schema of its own beside them,
 * so each test file can start from the seed again in a second instead of restarting its server on a fresh
 * database. Only the harness makes one (the test switch POST /api/test/snapshot); a database without it
 * cannot be reset, whatever the server's settings.
 */
const SCHEMA = 'test_seed_snapshot';

/** Data tables a reset leaves empty all the same: what happened since the seed (the server's start included). */
const STARTS_EMPTY = new Set(['security_events']);

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const run = (db: Db, text: string) => db.execute(sql.raw(text));

/** Keeps the data tables as they are now as the state `restoreSeedSnapshot` returns to. */
export async function takeSeedSnapshot(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await run(t, `drop schema if exists ${SCHEMA} cascade`);
    await run(t, `create schema ${SCHEMA}`);
    for (const { name } of snapshotTables()) await run(t, `create table ${SCHEMA}.${ident(name)} as table public.${ident(name)}`);
  });
}

/**
 * Empties every table (sessions, sign-in links, rate limits and the security log included) and puts the
 * snapshot's rows back, with each id sequence continuing after them. False when there is no snapshot.
 */
export async function restoreSeedSnapshot(db: Db): Promise<boolean> {
  const found = await db.execute(sql`select 1 from information_schema.schemata where schema_name = ${SCHEMA}`);
  if (rowsOf(found).length === 0) return false;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await run(t, `truncate ${allTableNames().map(ident).join(', ')} restart identity cascade`);
    for (const { name, columns } of snapshotTables()) {
      const list = columns.map(ident).join(', ');
      await run(t, `insert into public.${ident(name)} (${list}) overriding system value select ${list} from ${SCHEMA}.${ident(name)}`);
    }
    const sequences = await t.execute(sql`
      select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
      from information_schema.columns
      where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`);
    for (const row of rowsOf(sequences)) {
      const column = ident(String(row.column_name));
      await run(
        t,
        `select setval('${String(row.seq).replaceAll("'", "''")}'::regclass, coalesce(max(${column}), 1), max(${column}) is not null) from public.${ident(String(row.table_name))}`,
      );
    }
  });
  return true;
}

const snapshotTables = () => exportedTables().filter(({ name }) => !STARTS_EMPTY.has(name));

/** node-postgres answers a result with `rows`; PGlite's drizzle driver too, but typed apart. */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);
