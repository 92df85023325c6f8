// Reads of the life dashboard at the scale of a real life (issue 29): a PostgreSQL database holding millions of
// points written by SQL into three metrics at one-minute resolution (steps from a phone and a watch at once, a
// heart rate, active energy), beside the demo. Each read is made by the owner REPEAT times in a row; its p99.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:life-data -- [points]
//
// The database (bench_life_data) is kept for reruns: the points are written once; a run on another checkout
// (before the rollups) uses the same rows if its schema has them. `--drop` starts afresh.
//
// The Apple Health import of a 1-million-record export (scripts/bench-apple-health-import.ts):
//
//   npm run bench:life-data -- import [records] [--large] [--only pglite|postgres]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchAppleHealthImport } from './bench-apple-health-import.ts';
import { ownerCookie } from './owner-session.ts';
import { startServer } from './spawn-server.ts';

const REPEAT = 20;
const NAME = 'bench_life_data';
const args = process.argv.slice(2);
if (args[0] === 'import') {
  process.exit((await benchAppleHealthImport(args.slice(1))) ? 0 : 1);
}
const target = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5_000_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (a database named bench_life_data is made there).');

const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (args.includes('--drop')) await admin.query(`drop database if exists ${NAME} with (force)`);
const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount! > 0;
if (!exists) await admin.query(`create database ${NAME}`);
await admin.end();

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)]!;

const logFile = join(mkdtempSync(join(tmpdir(), 'bench-life-')), 'server.log');
let server = await startServer({
  database: { databaseUrl: url.href },
  logFile,
  env: { SEED_DEMO: '1', OWNER_LINK: 'on', OWNER_TIME_ZONE: 'Pacific/Auckland', ADMIN_EMAILS: 'owner@example.test' },
  timeoutMs: 600_000,
});
try {
  const db = new pg.Client({ connectionString: url.href });
  await db.connect();
  const hasSource = (await db.query(`select 1 from information_schema.columns where table_name = 'metric_points' and column_name = 'source'`)).rowCount! > 0;
  const metrics = [
    { key: 'bench-steps', name: 'Bench steps', aggregation: 'sum' },
    { key: 'bench-heart', name: 'Bench heart rate', aggregation: 'average' },
    { key: 'bench-energy', name: 'Bench active energy', aggregation: 'sum' },
  ];
  for (const metric of metrics) {
    await db.query(`insert into metrics (key, name, aggregation, visibility) values ($1, $2, $3, 'signed-in') on conflict (key) do nothing`, [metric.key, metric.name, metric.aggregation]);
  }
  const ids = (await db.query(`select id, key from metrics where key like 'bench-%' order by key`)).rows as Array<{ id: number; key: string }>;
  const have = Number((await db.query(`select count(*)::int as n from metric_points where metric_id = any($1)`, [ids.map((row) => row.id)])).rows[0].n);
  if (have < target) {
    // Minute readings ending now, per metric a third of the points; steps twice over the last third (phone and watch).
    const perMetric = Math.ceil((target - have) / 3);
    const CHUNK = 250_000;
    const started = performance.now();
    for (const { id, key } of ids) {
      for (let from = 0; from < perMetric; from += CHUNK) {
        const count = Math.min(CHUNK, perMetric - from);
        const doubled = key === 'bench-steps' && hasSource;
        await db.query(
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
    // The caches of the running server saw none of it: start again (as after any bulk load by SQL).
    await server.stop();
    server = await startServer({
      database: { databaseUrl: url.href },
      // A log of its own: the wait for the sign-in line must not find the first server's.
      logFile: `${logFile}.2`,
      env: { SEED_DEMO: '1', OWNER_LINK: 'on', OWNER_TIME_ZONE: 'Pacific/Auckland', ADMIN_EMAILS: 'owner@example.test' },
      timeoutMs: 600_000,
    });
  }
  const total = Number((await db.query('select count(*)::int as n from metric_points')).rows[0].n);
  const steps = ids.find((row) => row.key === 'bench-steps')!;
  let trend = (await db.query(`select id from trends where metric_id = $1 limit 1`, [steps.id])).rows[0]?.id as number | undefined;
  if (!trend) {
    trend = (await db.query(`insert into trends (name, data, labels, unit, description, metric_id, visibility) values ('Bench steps', '{1}', '{x}', '', '', $1, 'signed-in') returning id`, [steps.id])).rows[0].id;
  }
  await db.end();

  const link = /^Owner sign-in: (\S+)/m.exec(server.output())?.[1];
  if (!link) throw new Error('No owner sign-in link in the server log');
  const cookie = await ownerCookie(link);
  const reads = [
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
  console.log(`\n${total.toLocaleString('en-US')} points (PostgreSQL, owner, ${REPEAT} sequential reads after one warm-up)`);
  for (const path of reads) {
    const times: number[] = [];
    for (let i = 0; i <= REPEAT; i++) {
      const started = performance.now();
      const response = await fetch(new URL(path, server.baseUrl), { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      if (i > 0) times.push(performance.now() - started);
    }
    console.log(`${path.padEnd(58)} p50 ${percentile(times, 0.5).toFixed(0).padStart(5)} ms · p99 ${percentile(times, 0.99).toFixed(0).padStart(5)} ms`);
  }
} finally {
  await server.stop();
}
