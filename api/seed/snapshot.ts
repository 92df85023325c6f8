import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { allTableNames, allTables, describeTable, exportedTables } from '../export/tables.ts';
import { localDay } from '../services/owner-time.ts';
import { seedDatabase } from './index.ts';

/*
 * The test harness's seeded snapshot: a copy of every data table, kept in a schema of its own beside them,
 * so each test file can start from the seed again in a moment instead of restarting its server on a fresh
 * database. Only the harness makes one (the test switch POST /api/test/snapshot); a database without it
 * cannot be reset, whatever the server's settings.
 *
 * Statement triggers note which data tables were written since the last reset, and only those (and the
 * tables whose foreign keys point at them, which emptying them empties too) are put back: copying the seed's
 * 15,000 metric points again after a file that never touched them took seconds.
 *
 * A seed is made for the owner's day (two years of points ending today, today's check-in), so the snapshot keeps
 * that day, and a reset on a later day seeds afresh: a run crossing the owner's midnight would otherwise return
 * every later file to yesterday.
 */
const SCHEMA = 'test_seed_snapshot';

/** Data tables a reset leaves empty all the same: what happened since the seed (the server's start included). */
const STARTS_EMPTY = new Set(['security_events']);

/**
 * Never exported, yet not emptied by a reset: the daily rollups follow the points through their triggers (a
 * truncate empties them, the points put back rebuild them), in the owner's zone, which must stay.
 */
const DERIVED = new Set(['metric_daily_rollups', 'metric_rollup_zone']);
/**
 * Never exported, yet put back like data: a result a job stores (insights, from the points and check-ins), so a
 * file sees the seed's and not one computed from another file's writes.
 */
const STORED_RESULTS = new Set(['insight_results']);
/** The tables the snapshot keeps: the exported ones and the stored results. */
const seededTables = () => [...exportedTables(), ...allTables().filter((table) => STORED_RESULTS.has(getTableConfig(table).name)).map(describeTable)];

/** Tables never exported, emptied by every reset (sessions, links, rate limits…). */
const alwaysEmptied = (exported: Set<string>) => allTableNames().filter((name) => !exported.has(name) && !DERIVED.has(name));

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const run = (db: Db, text: string) => db.execute(sql.raw(text));
const snapshotTables = () => seededTables().filter(({ name }) => !STARTS_EMPTY.has(name));

/** Keeps the data tables as they are now, seeded for the owner's `day`, as the state a reset returns to. */
export async function takeSeedSnapshot(db: Db, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await run(t, `drop schema if exists ${SCHEMA} cascade`);
    await run(t, `create schema ${SCHEMA}`);
    await run(t, `create table ${SCHEMA}.seeded_on (day text not null)`);
    await t.execute(sql`insert into ${sql.raw(SCHEMA)}.seeded_on values (${day})`);
    await run(t, `create table ${SCHEMA}.changed (name text primary key)`);
    await run(
      t,
      `create function ${SCHEMA}.note_change() returns trigger language plpgsql as $$
       begin insert into ${SCHEMA}.changed values (tg_table_name) on conflict do nothing; return null; end $$`,
    );
    for (const { name } of seededTables()) {
      if (!STARTS_EMPTY.has(name)) await run(t, `create table ${SCHEMA}.${ident(name)} as table public.${ident(name)}`);
      await run(
        t,
        `create trigger test_seed_changed after insert or update or delete or truncate on public.${ident(name)}
         for each statement execute function ${SCHEMA}.note_change()`,
      );
    }
  });
}

/**
 * Returns the database to the seed: every table emptied (sessions, sign-in links, rate limits and the security
 * log included) and the snapshot's rows put back, or, on a later day of the owner's than the snapshot's, seeded
 * afresh for today and kept as the new snapshot. False when there is no snapshot.
 */
export async function resetToSeed(db: Db, zone: string, now = new Date()): Promise<boolean> {
  const found = await db.execute(sql`select 1 from information_schema.schemata where schema_name = ${SCHEMA}`);
  if (rowsOf(found).length === 0) return false;
  const today = localDay(now, zone);
  const [seededOn] = rowsOf(await run(db, `select day from ${SCHEMA}.seeded_on`));
  if (seededOn?.day === today) await restoreSeedSnapshot(db);
  else await seedAfresh(db, zone, now, today);
  return true;
}

async function seedAfresh(db: Db, zone: string, now: Date, today: string): Promise<void> {
  const kept = allTableNames().filter((name) => !DERIVED.has(name));
  await run(db, `truncate ${kept.map(ident).join(', ')} restart identity cascade`);
  await seedDatabase(db, zone, now);
  await takeSeedSnapshot(db, today);
}

/** Empties every table and puts the snapshot's rows back where they changed, each id sequence continuing after them. */
async function restoreSeedSnapshot(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const changed = new Set(rowsOf(await run(t, `select name from ${SCHEMA}.changed`)).map((row) => String(row.name)));
    const restored = withReferrers(changed);
    const exported = new Set(seededTables().map(({ name }) => name));
    // Tables never exported (sessions, links, rate limits…) are emptied every time: they are small.
    const emptied = [...alwaysEmptied(exported), ...restored];
    await run(t, `truncate ${emptied.map(ident).join(', ')} restart identity cascade`);
    for (const { name, columns } of snapshotTables()) {
      if (!restored.has(name)) continue;
      const list = columns.map(ident).join(', ');
      await run(t, `insert into public.${ident(name)} (${list}) overriding system value select ${list} from ${SCHEMA}.${ident(name)}`);
    }
    for (const { table, column, sequence } of await serialColumns(t)) {
      if (!restored.has(table)) continue;
      await run(
        t,
        `select setval('${sequence.replaceAll("'", "''")}'::regclass, coalesce(max(${ident(column)}), 1), max(${ident(column)}) is not null) from public.${ident(table)}`,
      );
    }
    await run(t, `delete from ${SCHEMA}.changed`);
  });
}

/**
 * The changed tables and every exported table whose foreign keys lead to one of them or to a table emptied every
 * time (TRUNCATE … CASCADE empties those too): what must be put back.
 */
function withReferrers(changed: Set<string>): Set<string> {
  const tables = seededTables();
  const exported = new Set(tables.map(({ name }) => name));
  const emptied = new Set([...changed, ...alwaysEmptied(exported)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const info of tables) {
      if (!emptied.has(info.name) && info.refersTo.some((name) => emptied.has(name))) {
        emptied.add(info.name);
        grew = true;
      }
    }
  }
  return new Set([...emptied].filter((name) => exported.has(name)));
}

let serials: Array<{ table: string; column: string; sequence: string }> | undefined;
async function serialColumns(db: Db) {
  serials ??= rowsOf(
    await db.execute(sql`
      select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
      from information_schema.columns
      where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`),
  ).map((row) => ({ table: String(row.table_name), column: String(row.column_name), sequence: String(row.seq) }));
  return serials;
}

/** node-postgres answers a result with `rows`; PGlite's drizzle driver too, but typed apart. */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);
