import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * Any constant works, as long as it differs from the locks taken inside it on other connections:
 * migrations (7_421_337, api/db/migrate.ts) and seeding (7_421_338, api/seed/index.ts).
 */
const STARTUP_LOCK = 7_421_340;

/**
 * Runs start-up work (migrations, seeding an empty database, role checks) in one process at a time:
 * migrations and seeding hold their own locks too, but the role checks after them do not, and two
 * servers starting together would race each other's role changes and session sweeps. The embedded database has one process by construction (the folder lock).
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
