// npm run import -- FILE [--replace]: restores an archive made by `npm run export` (docs/archive-format.md).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { config } from '#api/config.ts';
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { migrateDatabase } from '#api/db/migrate.ts';
import { importArchive } from '#api/export/import.ts';

const { values, positionals } = parseArgs({
  options: { replace: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run import -- FILE.tar.gz [--replace]');
  process.exit(2);
}

try {
  const cfg = config();
  const bytes = new Uint8Array(await readFile(positionals[0]!));
  const database = openDatabase(cfg);
  // A fresh database gets its tables first (never the demo content: the archive is the content).
  await migrateDatabase(database);
  const summary = await importArchive(database, bytes, { replace: values.replace, cfg });
  const rows = summary.tables.reduce((sum, table) => sum + table.archive, 0);
  console.log(`Imported ${rows} rows in ${summary.tables.length} tables from an archive made ${summary.createdAt}.`);
  if (summary.replaces) console.log('The previous data was replaced; everyone was signed out.');
} catch (error) {
  console.error(`Import refused: ${(error as Error).message}`);
  console.error('The database is unchanged.');
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
