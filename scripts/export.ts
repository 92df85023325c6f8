// npm run export -- --out FILE: the whole site's data as one archive (docs/archive-format.md).
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { config, type Config } from '#api/config.ts';
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { LOCAL_ACCESS_HEADER, readLocalAccess } from '#api/export/local-access.ts';
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

/** Through the running server, when it holds the embedded database. */
async function viaServer(): Promise<boolean> {
  const access = readLocalAccess(cfg.DATA_DIR);
  if (!access) return false;
  const response = await fetch(new URL('/api/export', access.url), {
    headers: { [LOCAL_ACCESS_HEADER]: access.secret },
  }).catch(() => null);
  if (!response?.ok || !response.body) return false;
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), createWriteStream(partial, { mode: 0o600 }));
  return true;
}

try {
  let done = false;
  if (cfg.DATABASE_URL) {
    const database = openDatabase(cfg);
    await writeArchive(database, createWriteStream(partial, { mode: 0o600 }));
    done = true;
  } else {
    if (!existsSync(`${cfg.DATA_DIR}/PG_VERSION`))
      throw new Error(`No embedded database in ${cfg.DATA_DIR} (set DATA_DIR or DATABASE_URL).`);
    let database;
    try {
      database = openDatabase(cfg);
    } catch (error) {
      // The running server holds the folder: ask it.
      done = await viaServer();
      if (!done) throw error;
    }
    if (database) {
      await writeArchive(database, createWriteStream(partial, { mode: 0o600 }));
      done = true;
    }
  }
  await rename(partial, out);
  console.log(`Exported to ${out}.`);
} catch (error) {
  await rm(partial, { force: true });
  console.error(`Export failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
