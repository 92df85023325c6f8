// npm run import:apple-health -- path/to/export.zip [--dry-run]
// Imports the export.zip the Health app writes (Profile → Export All Health Data) from the server's shell: for
// files too large to upload. What maps where: docs/apple-health.md.
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { invalidateEverything } from '#api/cache/invalidation.ts';
import { everythingChangedNotice } from '#api/cache/notify.ts';
import { config } from '#api/config.ts';
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { migrateDatabase } from '#api/db/migrate.ts';
import { HealthImportError, importAppleHealth } from '#api/apple-health/import.ts';
import { rollupsInZone } from '#api/services/metric-rollups.ts';

const { values, positionals } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run import:apple-health -- export.zip [--dry-run]');
  process.exit(2);
}

const cfg = config();
const database = openDatabase(cfg);
try {
  await migrateDatabase(database);
  // The rollups' days must be the owner's before any point is added to them.
  await rollupsInZone(database.db, cfg.OWNER_TIME_ZONE);
  const started = performance.now();
  let shown = 0;
  const summary = await importAppleHealth(database.db, positionals[0]!, {
    zone: cfg.OWNER_TIME_ZONE,
    dryRun: values['dry-run'],
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
  if (!summary.dryRun) {
    console.log(`${summary.inserted} points added, ${summary.updated} updated (already there).`);
    await invalidateEverything();
    // Servers beside this command hear it through NOTIFY (PostgreSQL; the embedded database has one process).
    if (database.kind === 'postgres') {
      const { channel, payload } = everythingChangedNotice();
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    }
  }
} catch (error) {
  console.error(error instanceof HealthImportError ? `Import refused: ${error.message}` : error);
  console.error('Points of chunks already committed stay; running the import again resumes (nothing is added twice).');
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
