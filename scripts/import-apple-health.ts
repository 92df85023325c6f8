// npm run import:apple-health -- path/to/export.zip [--dry-run] [--resume <run id>]
// Imports the export.zip the Health app writes (Profile → Export All Health Data) from the server's shell: for
// files too large to upload. Each import is an import run the admin page lists (to resume or undo); --resume
// imports the file again under a partial run. What maps where: docs/apple-health.md.
import { sql } from 'drizzle-orm';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { invalidateEverything } from '#api/cache/invalidation.ts';
import { everythingChangedNotice } from '#api/cache/notify.ts';
import { config } from '#api/config.ts';
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { migrateDatabase } from '#api/db/migrate.ts';
import { HealthImportError, importAppleHealth } from '#api/apple-health/import.ts';
import { createImportRun, findImportRun, finishImportRun, resumeImportRun, type ImportRun } from '#api/services/import-runs.ts';
import { rollupsInZone } from '#api/services/metric-rollups.ts';

const { values, positionals } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false }, resume: { type: 'string' } },
  allowPositionals: true,
});
if (positionals.length !== 1 || (values.resume !== undefined && !/^[1-9]\d*$/.test(values.resume))) {
  console.error('Usage: npm run import:apple-health -- export.zip [--dry-run] [--resume <run id>]');
  process.exit(2);
}

/** The run the points are written under: a new one, or the partial one `--resume` names. */
async function runToWrite(resume: string | undefined): Promise<ImportRun> {
  if (resume === undefined) return createImportRun(database.db, { fileName: basename(positionals[0]!), recordsTotal: null, options: { skip: [], map: {} } });
  const found = await findImportRun(database.db, Number(resume));
  if (!found) throw new Error(`There is no import run ${resume}.`);
  if (found.status !== 'partial' && found.status !== 'failed') throw new Error(`Import run ${resume} is ${found.status}: only a partial or failed one resumes.`);
  return resumeImportRun(database.db, found.id, null);
}

const cfg = config();
const database = openDatabase(cfg);
let run: ImportRun | null = null;
try {
  await migrateDatabase(database);
  // The rollups' days must be the owner's before any point is added to them.
  await rollupsInZone(database.db, cfg.OWNER_TIME_ZONE);
  const started = performance.now();
  let shown = 0;
  run = values['dry-run'] ? null : await runToWrite(values.resume);
  const summary = await importAppleHealth(database.db, positionals[0]!, {
    zone: cfg.OWNER_TIME_ZONE,
    dryRun: values['dry-run'],
    ...(run ? { runId: run.id, skip: new Set(run.options.skip), map: new Map(Object.entries(run.options.map)) } : {}),
    onProgress: ({ bytes, total, records }) => {
      const now = performance.now();
      if (now - shown < 2_000) return;
      shown = now;
      const share = total ? bytes / total : 0;
      const left = share > 0 ? ((now - started) / share - (now - started)) / 1000 : 0;
      process.stderr.write(`${records.toLocaleString('en-US')} records, ${(share * 100).toFixed(0)} %, about ${left.toFixed(0)} s left\n`);
    },
  });
  console.log(`${summary.dryRun ? 'Would import' : 'Imported'} ${summary.records.toLocaleString('en-US')} records in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  for (const type of summary.types) {
    console.log(
      `  ${type.type}: ${type.records} records over ${type.days} days from ${type.sources.length} sources → ${type.metric ?? 'not imported'}${type.refused ? ` (${type.refused} refused)` : ''}`,
    );
  }
  for (const refusal of summary.refusals) console.log(`  Refused ${refusal.records} ${refusal.type} records: ${refusal.reason}`);
  if (run) {
    await finishImportRun(database.db, run.id, { recordsDone: summary.records });
    console.log(`${summary.inserted} points added, ${summary.updated} updated (already there): import run ${run.id}.`);
    await invalidateEverything();
    // Servers beside this command hear it through NOTIFY (PostgreSQL; the embedded database has one process).
    if (database.kind === 'postgres') {
      const { channel, payload } = everythingChangedNotice();
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    }
  }
} catch (error) {
  console.error(error instanceof HealthImportError ? `Import refused: ${error.message}` : error);
  if (run) {
    await finishImportRun(database.db, run.id, { error: error instanceof Error ? error.message : String(error) });
    console.error(`Points of chunks already committed stay: resume with --resume ${run.id}, or undo import run ${run.id} on the admin page.`);
  }
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
