import type { Config } from './config.ts';
import { config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { seedDatabase } from './seed/index.ts';
import { markInterruptedRuns } from './services/import-runs.ts';
import { rollupsInZone } from './services/metric-rollups.ts';
import { log } from './log.ts';

/**
 * Opens the database, applies migrations and, for the embedded database (or SEED_DEMO),
 * seeds demo content when it is empty, so a first start looks alive. `prepare` (role checks) runs
 * with them under one advisory lock, so several servers starting on one database take turns.
 */
export async function startDatabase(cfg: Config = config(), prepare?: (database: Database) => Promise<void>): Promise<Database> {
  const database = openDatabase(cfg);
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    // Days are the owner's: a changed OWNER_TIME_ZONE moves every day's boundaries, so the rollups are rebuilt
    // before anything is served (under the lock, so one server does it).
    const rebuilt = await rollupsInZone(database.db, cfg.OWNER_TIME_ZONE);
    if (rebuilt !== null) log.info(`Rebuilt the daily rollups in ${cfg.OWNER_TIME_ZONE} (${rebuilt} ms)`);
    // An import still `running` in the database was cut short when its process stopped: the page offers a resume.
    const interrupted = await markInterruptedRuns(database.db);
    if (interrupted > 0) log.info(`Marked ${interrupted} interrupted import run(s) partial`);
    if (database.kind === 'pglite' || cfg.SEED_DEMO) {
      const { seeded } = await seedDatabase(database.db);
      if (seeded) log.info('Seeded the database with demo content');
    }
    await prepare?.(database);
  });
  return database;
}
