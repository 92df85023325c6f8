// npm run import -- FILE [--replace]: restores an archive made by `npm run export` (docs/archive-format.md).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
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
  const file = positionals[0]!;
  // Streamed from the file: only the unpacked archive is held, within its cap (docs/archive-format.md).
  const upload = { bytes: (await stat(file)).size, chunks: createReadStream(file) };
  const database = openDatabase(cfg);
  // A fresh database gets its tables first (never the demo content: the archive is the content).
  await migrateDatabase(database);
  const actor = { method: 'command line', email: null };
  const summary = await importArchive(database, upload, { replace: values.replace, cfg, actor });
  const rows = summary.tables.reduce((sum, table) => sum + table.archive, 0);
  console.log(`Imported ${rows} rows in ${summary.tables.length} tables from an archive made ${summary.createdAt}.`);
  console.log(
    summary.origin === 'this-site'
      ? 'The archive was made by this site (its signature matches).'
      : 'The archive is from elsewhere (not signed by this site).',
  );
  for (const { table, rows: count, why } of summary.dropped) console.log(`Not restored: ${table} (${count}): ${why}.`);
  if (summary.replaces) console.log('The previous data was replaced; everyone was signed out.');
} catch (error) {
  console.error(`Import refused: ${(error as Error).message}`);
  console.error('The database is unchanged.');
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
