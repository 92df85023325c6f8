import type { Config } from './config.ts';
import { config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDatabase } from './seed/index.ts';

/**
 * Opens the database, applies migrations and, for the embedded database (or SEED_DEMO),
 * seeds demo content when it is empty, so a first start looks alive.
 */
export async function startDatabase(cfg: Config = config()): Promise<Database> {
  const database = openDatabase(cfg);
  await migrateDatabase(database);
  if (database.kind === 'pglite' || cfg.SEED_DEMO) {
    const { seeded } = await seedDatabase(database.db);
    if (seeded) console.log('Seeded the database with demo content.');
  }
  return database;
}
