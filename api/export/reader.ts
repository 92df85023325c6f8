import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

/*
 * Raw SQL access for export and restore. Both speak plain PostgreSQL text so PGlite and a server
 * produce byte-identical table files: timestamps are rendered in UTC, rows by to_jsonb.
 */
export type Row = Record<string, unknown>;

export interface Session {
  query(text: string, params?: unknown[]): Promise<Row[]>;
}

const client = (database: Database) => (database.db as unknown as { $client: PGlite | pg.Pool }).$client;

export interface ReadSession extends Session {
  /** Ends the session (commits the read-only transaction, returns the connection). */
  close(): Promise<void>;
}

/**
 * One consistent view of the data, open until closed. On PostgreSQL: a repeatable-read, read-only
 * transaction on a connection of its own. On PGlite (one connection shared with the site): each
 * query is its own short transaction, so a slow download never holds up the site's queries.
 */
export async function openReadSession(database: Database): Promise<ReadSession> {
  if (database.kind === 'postgres') {
    const connection = await (client(database) as pg.Pool).connect();
    try {
      await connection.query("begin isolation level repeatable read read only; set local time zone 'UTC'");
    } catch (error) {
      connection.release();
      throw error;
    }
    let open = true;
    return {
      query: async (text, params) => (await connection.query(text, params)).rows,
      async close() {
        if (!open) return;
        open = false;
        await connection.query('rollback').catch(() => {});
        connection.release();
      },
    };
  }
  const lite = client(database) as PGlite;
  return {
    query: (text, params) =>
      lite.transaction(async (tx) => {
        await tx.query("set local time zone 'UTC'");
        return (await tx.query<Row>(text, params)).rows;
      }),
    close: async () => {},
  };
}

/** Runs `work` in one read-write transaction: everything it did stays, or nothing does. */
export async function writeSession<T>(database: Database, work: (session: Session) => Promise<T>): Promise<T> {
  if (database.kind === 'postgres') {
    const connection = await (client(database) as pg.Pool).connect();
    try {
      await connection.query("begin; set local time zone 'UTC'");
      const result = await work({ query: async (text, params) => (await connection.query(text, params)).rows });
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  }
  return (client(database) as PGlite).transaction(async (tx) => {
    await tx.query("set local time zone 'UTC'");
    return work({ query: async (text, params) => (await tx.query<Row>(text, params)).rows });
  });
}

/** "name" quoted as an SQL identifier. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** How many migrations the database has applied (drizzle's own bookkeeping table). */
export async function appliedMigrations(session: Session): Promise<number> {
  const [exists] = await session.query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists?.present) return 0;
  const [row] = await session.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(row?.n ?? 0);
}
