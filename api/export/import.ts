import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { invalidateEverything } from '../cache/invalidation.ts';
import { everythingChangedNotice } from '../cache/notify.ts';
import { parseArchive } from './read.ts';
import { dryRun, restoreArchive, type RestoreSummary } from './restore.ts';

/** Checks an archive completely, then restores it in one transaction; the visitor cache is emptied after. */
export async function importArchive(
  database: Database,
  bytes: Uint8Array,
  options: { replace: boolean; cfg: Config },
): Promise<RestoreSummary> {
  const archive = await parseArchive(bytes);
  const summary = await restoreArchive(database, archive, options);
  await afterImport(database);
  return summary;
}

/** What an import of these bytes would do, changing nothing. */
export async function previewImport(database: Database, bytes: Uint8Array): Promise<RestoreSummary> {
  return dryRun(database, await parseArchive(bytes));
}

/** Every cached visitor page may show replaced data. */
async function afterImport(database: Database): Promise<void> {
  await invalidateEverything();
  // The CLI runs beside the servers: on PostgreSQL they hear it through NOTIFY (PGlite has one process only).
  if (database.kind === 'postgres') {
    const { channel, payload } = everythingChangedNotice();
    await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }
}
