// The life dashboard at the scale of a real life (issue 29).
//
// Reads: millions of points written by SQL into three metrics at one-minute resolution (steps from a phone and a
// watch at once, a heart rate, active energy), beside the demo; each read is made by the owner REPEAT times in a
// row, on PostgreSQL and on the embedded database (PGlite), and its p50 and p99 printed.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:life-data -- [points] [--only pglite|postgres] [--drop]
//
// The datasets are built once and kept for reruns: the PostgreSQL database bench_life_data (beside the one
// TEST_DATABASE_URL or BENCH_DATABASE_URL names), and a PGlite folder under the system's temporary folder, which
// each run copies and serves from (the server writes to its folder). `--drop` builds them afresh.
//
// The Apple Health import of a 1-million-record export (scripts/bench-apple-health-import.ts):
//
//   npm run bench:life-data -- import [records] [--large] [--only pglite|postgres]
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { lockDataDir } from '#api/db/lock.ts';
import { openPgliteClient } from '#api/db/pglite.ts';
import { benchAppleHealthImport } from './bench-apple-health-import.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { ownerCookie } from './owner-session.ts';
import { startServer, type ServerProcess, type ServerStart } from './spawn-server.ts';

const REPEAT = 20;
const TARGET_P99_MS = 50;
const NAME = 'bench_life_data';
const PGLITE_DUMP = join(tmpdir(), `${NAME}_pglite`);
const SERVER_ENV = { SEED_DEMO: '1', OWNER_LINK: 'on', OWNER_TIME_ZONE: 'Pacific/Auckland', ADMIN_EMAILS: 'owner@example.test' };
const READS = (trend: number) => [
  '/api/trends',
  `/api/trends/${trend}?range=all`,
  '/api/kpis',
  '/api/metrics',
  '/api/metrics/bench-steps',
  '/api/metrics/bench-steps/points',
  '/api/metrics/bench-steps/points?offset=2000000&limit=50',
  '/data-management/metrics',
  '/data-management/metrics/bench-steps',
  '/',
];

/** pg.Client and PGlite both answer `query(text, params)` with `{ rows }`. */
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;
interface Dataset {
  total: number;
  trend: number;
}

const logDir = mkdtempSync(join(tmpdir(), 'bench-life-'));
let logs = 0;
/** A server with a log of its own: the wait for the sign-in line must not find an earlier server's. */
const start = (database: ServerStart['database']) =>
  startServer({ database, logFile: join(logDir, `server-${++logs}.log`), env: SERVER_ENV, timeoutMs: 600_000 });

/**
 * Writes the bench's metrics and points until the database holds `target` of them, and its trend. Minute
 * readings ending now, per metric a third of the points; steps from a phone and a watch over the same minutes.
 * The triggers keep the daily rollups as the points go in.
 */
async function writeDataset(query: Query, target: number): Promise<Dataset> {
  const hasSource = (await query(`select 1 from information_schema.columns where table_name = 'metric_points' and column_name = 'source'`)).rows.length > 0;
  const metrics = [
    { key: 'bench-steps', name: 'Bench steps', aggregation: 'sum' },
    { key: 'bench-heart', name: 'Bench heart rate', aggregation: 'average' },
    { key: 'bench-energy', name: 'Bench active energy', aggregation: 'sum' },
  ];
  for (const metric of metrics) {
    await query(`insert into metrics (key, name, aggregation, visibility) values ($1, $2, $3, 'signed-in') on conflict (key) do nothing`, [metric.key, metric.name, metric.aggregation]);
  }
  const ids = (await query(`select id, key from metrics where key like 'bench-%' order by key`)).rows as Array<{ id: number; key: string }>;
  const have = Number((await query(`select count(*)::int as n from metric_points where metric_id = any($1)`, [ids.map((row) => row.id)])).rows[0]!.n);
  if (have < target) {
    const perMetric = Math.ceil((target - have) / 3);
    const CHUNK = 250_000;
    const started = performance.now();
    for (const { id, key } of ids) {
      for (let from = 0; from < perMetric; from += CHUNK) {
        const count = Math.min(CHUNK, perMetric - from);
        const doubled = key === 'bench-steps' && hasSource;
        // Seconds past the minute differ from an earlier run's (`have % 60`), so added points never collide.
        await query(
          `insert into metric_points (metric_id, at, value${hasSource ? ', source' : ''})
           select $1, date_trunc('minute', now()) - (n * interval '1 minute') - ($4::int * interval '1 second'), (n % 97)::float8${
             hasSource ? `, case when $5 and n % 3 = 0 then 'iPhone' else 'Apple Watch' end` : ''
           }
           from generate_series($2::int, $3::int) n
           on conflict do nothing`,
          hasSource ? [id, from, from + count - 1, have % 60, doubled] : [id, from, from + count - 1, have % 60],
        );
      }
    }
    console.log(`Wrote ${(perMetric * 3).toLocaleString('en-US')} points in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const total = Number((await query('select count(*)::int as n from metric_points')).rows[0]!.n);
  const steps = ids.find((row) => row.key === 'bench-steps')!;
  let trend = (await query(`select id from trends where metric_id = $1 limit 1`, [steps.id])).rows[0]?.id as number | undefined;
  trend ??= (await query(`insert into trends (name, data, labels, unit, description, metric_id, visibility) values ('Bench steps', '{1}', '{x}', '', '', $1, 'signed-in') returning id`, [steps.id]))
    .rows[0]!.id as number;
  return { total, trend };
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)]!;

/** Times each read as the owner: one warm-up, then REPEAT in a row. */
async function timeReads(server: ServerProcess, { total, trend }: Dataset, kind: string): Promise<boolean> {
  const link = /^Owner sign-in: (\S+)/m.exec(server.output())?.[1];
  if (!link) throw new Error('No owner sign-in link in the server log');
  const cookie = await ownerCookie(link);
  let ok = true;
  console.log(`\n${total.toLocaleString('en-US')} points (${kind}, owner, ${REPEAT} sequential reads after one warm-up)`);
  for (const path of READS(trend)) {
    const times: number[] = [];
    for (let i = 0; i <= REPEAT; i++) {
      const started = performance.now();
      const response = await fetch(new URL(path, server.baseUrl), { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      if (i > 0) times.push(performance.now() - started);
    }
    const p99 = percentile(times, 0.99);
    ok &&= p99 <= TARGET_P99_MS;
    console.log(
      `${path.padEnd(58)} p50 ${percentile(times, 0.5).toFixed(0).padStart(5)} ms · p99 ${p99.toFixed(0).padStart(5)} ms ${p99 <= TARGET_P99_MS ? '✓' : `✗ (≤ ${TARGET_P99_MS} ms)`}`,
    );
  }
  return ok;
}

/** PostgreSQL: the kept database bench_life_data, filled by SQL beside a running server (which migrated and seeded it). */
async function postgresReads(adminUrl: string, target: number, drop: boolean): Promise<boolean> {
  const url = new URL(adminUrl);
  url.pathname = `/${NAME}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (drop) await admin.query(`drop database if exists ${NAME} with (force)`);
  if ((await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 0) await admin.query(`create database ${NAME}`);
  await admin.end();

  let server = await start({ databaseUrl: url.href });
  try {
    const db = new pg.Client({ connectionString: url.href });
    await db.connect();
    const before = Number((await db.query('select count(*)::int as n from metric_points')).rows[0].n);
    const dataset = await writeDataset((text, params) => db.query(text, params), target);
    await db.end();
    if (dataset.total !== before) {
      // The caches of the running server saw none of it: start again (as after any bulk load by SQL).
      await server.stop();
      server = await start({ databaseUrl: url.href });
    }
    return await timeReads(server, dataset, 'PostgreSQL');
  } finally {
    await server.stop();
  }
}

/**
 * PGlite: one process owns a folder, so the kept folder is made with the server stopped: a server migrates and
 * seeds it, then this process writes the points into it. Its dataset is noted beside the data, and written
 * last: a folder without it was cut off and is built again.
 */
async function pgliteDump(target: number, drop: boolean): Promise<Dataset> {
  const noted = join(PGLITE_DUMP, 'bench-life-data.json');
  if (drop || !existsSync(noted)) rmSync(PGLITE_DUMP, { recursive: true, force: true });
  else {
    const dataset = JSON.parse(readFileSync(noted, 'utf8')) as Dataset;
    if (dataset.total >= target) return dataset;
    rmSync(noted);
  }
  await (await start({ dataDir: PGLITE_DUMP })).stop();
  const unlock = lockDataDir(PGLITE_DUMP);
  const client = openPgliteClient(PGLITE_DUMP);
  try {
    const dataset = await writeDataset((text, params) => client.query<Record<string, unknown>>(text, params), target);
    writeFileSync(noted, JSON.stringify(dataset));
    return dataset;
  } finally {
    await client.close();
    unlock();
  }
}

/** The embedded database: the server runs on a copy of the kept folder, deleted after. */
async function pgliteReads(target: number, drop: boolean): Promise<boolean> {
  const dataset = await pgliteDump(target, drop);
  const copy = mkdtempSync(join(tmpdir(), `${NAME}_run-`));
  try {
    const started = performance.now();
    cpSync(PGLITE_DUMP, copy, { recursive: true });
    console.log(`Copied the kept PGlite folder in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const server = await start({ dataDir: copy });
    try {
      return await timeReads(server, dataset, 'PGlite (embedded)');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function benchReads(args: string[]): Promise<boolean> {
  const target = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5_000_000);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const drop = args.includes('--drop');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'postgres' && !adminUrl) throw new Error('Set TEST_DATABASE_URL or BENCH_DATABASE_URL to a PostgreSQL server (bench_life_data is made beside it).');
  await buildIfNeeded('http://localhost');
  let ok = true;
  if (only !== 'postgres') ok = (await pgliteReads(target, drop)) && ok;
  if (only !== 'pglite' && adminUrl) ok = (await postgresReads(adminUrl, target, drop)) && ok;
  return ok;
}

const args = process.argv.slice(2);
const ok = args[0] === 'import' ? await benchAppleHealthImport(args.slice(1)) : await benchReads(args);
if (!ok) process.exitCode = 1;
// The servers' logs stay when a start or a read failed: the error names them.
rmSync(logDir, { recursive: true, force: true });
