import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { config } from '../config.ts';
import { lockDataDir } from './lock.ts';
import { openPgliteClient, shareDrizzleParsers } from './pglite.ts';
import * as schema from './schema.ts';
import { log } from '../log.ts';

/** Both drivers expose the same query builder; we type against node-postgres's. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The process's one database: server/main.ts opens it (migrated, seeded) before the first request. */
let open: Database | undefined;

export function openDatabase(cfg: Config = config()): Database {
  open ??= cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL) : openPglite(cfg.DATA_DIR);
  return open;
}

/**
 * The open database, opened on first use where nothing opened it before (serverless hosts; `npm run dev`, whose
 * page modules are Vite's copies of these files, after scripts/dev.ts migrated and closed it).
 */
export function db(): Db {
  return (open ?? openDatabase(config())).db;
}

/** True for the embedded database, which one process alone can open (the data folder is locked). */
export function isEmbedded(database: Db): boolean {
  // Typed as node-postgres's (Db), so drizzle's own $client is read through unknown.
  return (database as unknown as { $client?: unknown }).$client instanceof PGlite;
}

export async function closeDatabase(): Promise<void> {
  const closing = open;
  open = undefined;
  await closing?.close();
}

function openPglite(dir: string): Database {
  const unlock = lockDataDir(dir);
  try {
    const client = shareDrizzleParsers(openPgliteClient(dir));
    const database = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db: database,
      kind: 'pglite',
      async close() {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: process.env.VERCEL ? 5 : 10,
    // An unreachable database fails a request within 2 s (503, try again) instead of hanging it.
    connectionTimeoutMillis: 2_000,
    // Idle connections are closed after 30 s, so a restarted database is reconnected to cleanly.
    idleTimeoutMillis: 30_000,
    // No query of ours runs for long; one that does is stuck (a lock, a dying server) and is cut off.
    statement_timeout: 10_000,
    // A server that accepted the connection but stopped answering fails the query too.
    query_timeout: 12_000,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => log.error({ reason: error.message }, 'PostgreSQL pool error'));
  if (process.env.VERCEL) {
    // Lets Vercel Functions close idle clients before the instance is suspended.
    import('@vercel/functions').then(({ attachDatabasePool }) => attachDatabasePool(pool)).catch(() => {});
  }
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    close: () => pool.end(),
  };
}
