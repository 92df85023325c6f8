import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's CommonJS build, loaded when an embedded database is opened: a server on PostgreSQL never loads it
 * (about 6 MB), and an embedded one holds one copy, the one drizzle-orm/pglite requires (drizzle-orm is
 * loaded as CommonJS, scripts/drizzle-commonjs.ts), not a second ES module copy beside it.
 */
export function loadPglite(): typeof import('@electric-sql/pglite') {
  return createRequire(import.meta.url)('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
}

/*
 * PGlite writes its whole buffer pool when it starts, so shared_buffers is resident memory from the first
 * second: PostgreSQL's default 128 MB made about 120 MB of the server's RSS. 16 MB holds what pages read
 * often (the demo is about 26 MB on disk, mostly images); the rest comes from the operating system's
 * file cache, and the visitor cache keeps most reads off the database anyway.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/*
 * A new folder is created (initdb) by a child process: initdb is a second WebAssembly program whose compiled
 * code and memory stayed in the server for good (about 110 MB of RSS after a first start, 600+ MB at its
 * peak). The child exits and the server opens the folder as it would after a restart.
 */
function createPgliteInChild(dir: string): void {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const source = `const { PGlite } = require(${JSON.stringify(pglite)});
    const client = new PGlite(${JSON.stringify(dir)});
    client.waitReady.then(() => client.close()).catch((error) => { console.error(error.message); process.exit(1); });`;
  const run = spawnSync(process.execPath, ['--liftoff-only', '-e', source], { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${run.stderr.trim() || `exit code ${run.status}`}`);
}

/** The embedded database in `dir`, created first when the folder holds none. The caller holds the folder's lock. */
export function openPgliteClient(dir: string): PGlite {
  if (!existsSync(join(dir, 'PG_VERSION'))) createPgliteInChild(dir);
  const { PGlite } = loadPglite();
  return new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
}
