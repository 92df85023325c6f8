// npm run export -- --out FILE: the whole site's data as one archive (docs/archive-format.md).
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { config, type Config } from '#api/config.ts';
import { withLocalDatabase } from '#api/export/local-database.ts';
import { writeArchive } from '#api/export/write.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run export -- --out FILE.tar.gz');
  process.exit(2);
}
const out = values.out;
const partial = `${out}.partial`;

let cfg: Config;
try {
  cfg = config();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

try {
  await withLocalDatabase(
    cfg,
    async (database) => {
      await writeArchive(database, createWriteStream(partial, { mode: 0o600 }));
      return true;
    },
    async (ask) => {
      const response = await ask('/api/export');
      if (!response?.body) return null;
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), createWriteStream(partial, { mode: 0o600 }));
      return true;
    },
  );
  await rename(partial, out);
  console.log(`Exported to ${out}.`);
} catch (error) {
  await rm(partial, { force: true });
  console.error(`Export failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
