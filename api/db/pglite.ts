import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/*
 * PGlite writes its whole buffer pool when it starts, so shared_buffers is resident memory from the first
 * second: PostgreSQL's default 128 MB was most of the server's RSS (docs/performance.md). 16 MB holds what
 * pages read often (the demo's database is mostly images); the rest comes from the operating system's file
 * cache, and the visitor cache keeps most reads off the database anyway.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/*
 * A new folder is created (initdb) by a child process: initdb is a second WebAssembly program whose compiled
 * code and memory stayed in the server for good (docs/performance.md). The child exits and the server opens the folder as it would after a restart.
 */
function createPgliteInChild(dir: string): void {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const source = `const { PGlite } = require(${JSON.stringify(pglite)});
    const client = new PGlite(${JSON.stringify(dir)});
    client.waitReady.then(() => client.close()).catch((error) => { console.error(error.message); process.exit(1); });`;
  const run = spawnSync(process.execPath, ['--liftoff-only', '-e', source], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(
      `Could not create the embedded database in ${dir}: ${run.stderr.trim() || `exit code ${run.status}`}`,
    );
}

/** The embedded database in `dir`, created first when the folder holds none. The caller holds the folder's lock. */
export function openPgliteClient(dir: string): PGlite {
  if (!existsSync(join(dir, 'PG_VERSION'))) createPgliteInChild(dir);
  return new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
}

/*
 * drizzle-orm hands PGlite, with every query, a parser table of its own: the date, time and interval types
 * and their arrays left as PostgreSQL writes them, for drizzle's column mappers to read. PGlite then copies
 * its whole table (hundreds of parsers once the array types are loaded) into a new object for that query:
 * most of what a kept dashboard answer allocated (docs/performance.md). The client is given
 * those parsers once instead, and a query bringing no others leaves its table out. Raw reads of the client
 * (the export's) get these types as text as well; they format dates in SQL (`to_json(at)`).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type QueryOptions = { parsers?: Record<number, unknown> } | undefined;

/** The options without a parser table that only repeats the client's own. */
function withoutDrizzleParsers<T extends QueryOptions>(options: T): T {
  if (!options?.parsers) return options;
  for (const type in options.parsers) if (!DRIZZLE_TEXT_TYPES.includes(Number(type))) return options;
  const { parsers: _, ...rest } = options;
  return rest as T;
}

type Querying = { query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };
function dropDrizzleParsers(target: Querying): void {
  const query = target.query.bind(target);
  target.query = (text, params, options) => query(text, params, withoutDrizzleParsers(options));
}

/** The client, parsing as drizzle asks it to per query, without the per-query copy. Call it before any query. */
export function shareDrizzleParsers<T extends PGlite>(client: T): T {
  const parsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText]));
  // PGlite sets every array type's parser once it is ready (replacing ours for the arrays): ours go on after.
  // Queries wait for it too, and this reaction was registered first.
  void client.waitReady.then(() => Object.assign(client.parsers, parsers));
  dropDrizzleParsers(client as unknown as Querying);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Querying) => Promise<unknown>) =>
    transaction(async (tx) => {
      dropDrizzleParsers(tx as unknown as Querying);
      return work(tx as unknown as Querying);
    })) as T['transaction'];
  return client;
}
