import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { invalidateEverything } from '../cache/invalidation.ts';
import { everythingChangedNotice } from '../cache/notify.ts';
import { refreshInsights } from '../services/insights.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { checkOrigin, parseArchive, type Upload } from './read.ts';
import { dryRun, restoreArchive, type ImportActor, type RestoreSummary } from './restore.ts';
import { ArchiveRejected } from './tar.ts';

let queue: Promise<unknown> = Promise.resolve();

/**
 * One import or preview at a time in this process (each may hold up to 1 GB unpacked): the others wait
 * their turn, in order.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => {});
  return turn;
}

/**
 * Checks an archive completely, then restores it in one transaction; the insights are computed from the restored
 * data and the visitor cache is emptied after.
 */
export async function importArchive(
  database: Database,
  upload: Upload | Uint8Array,
  options: { replace: boolean; cfg: Config; actor?: ImportActor },
): Promise<RestoreSummary> {
  const actor = options.actor ?? { method: 'unnamed' };
  return oneAtATime(async () => {
    try {
      const archive = await checkOrigin(database, options.cfg, await parseArchive(upload));
      const summary = await restoreArchive(database, archive, { ...options, actor });
      await afterImport(database, options.cfg);
      return summary;
    } catch (error) {
      if (error instanceof ArchiveRejected) {
        await recordSecurityEvent(database.db, {
          kind: 'import',
          outcome: 'refused',
          reason: error.message,
          userId: actor.userId,
          email: actor.email,
          method: actor.method,
          clientAddress: actor.clientAddress,
        });
      }
      throw error;
    }
  });
}

/** What an import of these bytes would do, changing nothing. */
export async function previewImport(
  database: Database,
  cfg: Config,
  upload: Upload | Uint8Array,
): Promise<RestoreSummary> {
  return oneAtATime(async () => dryRun(database, await checkOrigin(database, cfg, await parseArchive(upload))));
}

/** Every cached visitor page may show replaced data. */
async function afterImport(database: Database, cfg: Config): Promise<void> {
  // Archives carry no insights (a result, not data): without this the owner's cards stayed empty until the hourly job.
  await refreshInsights(database.db, cfg.OWNER_TIME_ZONE);
  await invalidateEverything();
  // The CLI runs beside the servers: on PostgreSQL they hear it through NOTIFY (PGlite has one process only).
  if (database.kind === 'postgres') {
    const { channel, payload } = everythingChangedNotice();
    await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }
}
