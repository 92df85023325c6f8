import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { shareDrizzleParsers } from '../db/pglite.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import * as schema from '../db/schema.ts';

/**
 * For export tests: a fresh, migrated database of the kind this test pass uses: a PGlite folder, or
 * (with TEST_DATABASE_URL, unless `embedded` is asked for) a new PostgreSQL database, dropped again by `drop`.
 */
export async function freshDatabase(
  kind: 'embedded' | 'this pass' = 'this pass',
): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = kind === 'embedded' ? undefined : process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'export-test-'));
    const client = shareDrizzleParsers(new PGlite(dir));
    const database: Database = {
      db: drizzlePglite({ client, schema }) as unknown as Db,
      kind: 'pglite',
      close: () => client.close(),
    };
    await migrateDatabase(database);
    return {
      database,
      drop: async () => {
        await client.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(adminUrl, `export_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  // An idle client ended by the drop below (which terminates what is still connected) must not crash the run:
  // pg reports it on the pool, and an unheard pool error is an uncaught exception (seen once under --sequence.shuffle).
  pool.on('error', () => {});
  const database: Database = { db: drizzlePg({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}
