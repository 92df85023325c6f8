import type pg from 'pg';
import type { Database } from './client.ts';

/** Any constant works; it must differ from the migration lock (held on another connection inside it). */
const STARTUP_LOCK = 7_421_338;

/**
 * Runs start-up work (migrations, seeding an empty database, role checks) in one process at a time:
 * several servers starting together on one PostgreSQL database would otherwise seed it twice or race
 * each other's role changes. The embedded database has one process by construction (the folder lock).
 */
export async function withStartupLock<T>(database: Database, run: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return run();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await run();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}
