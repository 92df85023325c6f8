import type { Config } from './config.ts';
import { config } from './config.ts';
import { expiredSessionsJob } from './auth/startup.ts';
import { dashboardPagesChanged } from './cache/dashboard-page-cache.ts';
import { openDatabase, type Database } from './db/client.ts';
import { demoCheckJob } from './demo-check/states.ts';
import { backupJob } from './export/backup.ts';
import type { Job } from './jobs.ts';
import { orphanedImageSweepJob } from './services/image-sweep.ts';
import { insightsJob } from './services/insights.ts';
import { securityLogRetentionJob } from './services/security-log.ts';
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

/**
 * The site's periodic work, one list for both ways it runs: scheduled in the server process that holds the jobs
 * lock (server/main.ts), or each run once per call of GET /api/jobs/run where no process lives on (Vercel Cron).
 */
export function periodicJobs(database: Database, cfg: Config): Job[] {
  const jobs: Array<Job | null> = [
    expiredSessionsJob(database.db),
    // The security log keeps 180 days.
    securityLogRetentionJob(database.db),
    // Images no record has mentioned for a day are deleted and purged from the caches (hourly pass).
    orphanedImageSweepJob(database.db),
    // Live demos that stop answering show as offline (off by default: the seeded demos are example addresses).
    cfg.DEMO_CHECK === 'on' ? demoCheckJob(database.db, cfg.DEMO_CHECK_EVERY, { allowLoopback: cfg.DEMO_CHECK_ALLOW_LOOPBACK }) : null,
    // Insights are computed here and at seed time, never while a page renders.
    insightsJob(database.db, cfg.OWNER_TIME_ZONE, dashboardPagesChanged),
    backupJob(database, cfg),
  ];
  return jobs.filter((job): job is Job => job !== null);
}
