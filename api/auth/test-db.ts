import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { configSchema, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { shareDrizzleParsers } from '../db/pglite.ts';
import * as schema from '../db/schema.ts';

/** For unit tests of api/auth: a migrated in-memory database and a config built from a few variables. */
export async function memoryDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const client = shareDrizzleParsers(new PGlite());
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrateDatabase({ db, kind: 'pglite', close: () => client.close() });
  return { db, close: () => client.close() };
}

export const testConfig = (env: Record<string, string> = {}): Config => configSchema.parse({ NODE_ENV: 'test', ...env });
