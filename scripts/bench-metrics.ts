// Life-dashboard figures for `npm run bench` (issue 14), against the bench server's seeded demo
// (20 metrics, two years of points, ≈ 15,000 rows): the signed-in dashboard's server render p99
// (sequential, warm) and the time of a POST of a 1,000-point batch through a personal access token.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mark = (value: number, target: number) => (value <= target ? ' ✓' : ` ✗ (target ≤ ${target})`);

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

const WARM_UP = 20;
const RENDERS = 200;

/** Renders `/` for the signed-in owner one request after another, reading every byte, and keeps the p99. */
export async function benchDashboardRender(baseUrl: string, cookie: string): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RENDERS; i++) {
    const started = performance.now();
    const response = await fetch(new URL('/', baseUrl), { headers: { Cookie: cookie } });
    const html = await response.text();
    if (!response.ok || !html.includes('<html')) throw new Error(`The dashboard answered ${response.status}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  const p50 = percentile(times, 0.5);
  const p99 = percentile(times, 0.99);
  return `Dashboard server render, ${RENDERS} sequential warm requests: p50 ${p50.toFixed(1)} ms · p99 ${p99.toFixed(1)} ms${mark(p99, 50)}`;
}

/**
 * benchDashboardRender from a Node process of its own that loads nothing else. The bench's own process has
 * Lighthouse loaded and has run it: its full collections landed on the requests it was timing and made
 * most of their p99 (docs/performance.md). The cookie goes by the
 * environment, not the command line, which other users of the machine can read.
 */
export function benchDashboardRenderApart(baseUrl: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'render', baseUrl], {
      env: { ...process.env, BENCH_COOKIE: cookie },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`The dashboard render bench exited with ${code}`)),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'render') {
  console.log(await benchDashboardRender(process.argv[3]!, process.env.BENCH_COOKIE ?? ''));
}

const BATCHES = 10;

/** A fresh metric and token, then BATCHES posts of 1,000 new points each; the median and the slowest. */
export async function benchPointBatch(baseUrl: string, cookie: string): Promise<string> {
  const key = `bench-${Date.now().toString(36)}`;
  const admin = { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' };
  const metric = await fetch(new URL('/api/metrics', baseUrl), {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ key, name: 'Bench batch', unit: 'x', aggregation: 'sum' }),
  });
  if (metric.status !== 201) throw new Error(`Creating the bench metric answered ${metric.status}`);
  const created = await fetch(new URL('/api/tokens', baseUrl), {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'Bench batch' }),
  });
  if (created.status !== 201) throw new Error(`Creating the bench token answered ${created.status}`);
  const { token } = (await created.json()) as { token: string };
  const times: number[] = [];
  const start = Date.UTC(2020, 0, 1);
  for (let batch = 0; batch < BATCHES; batch++) {
    // Hourly points, each batch after the last: every row is an insert, as a backfill sends them.
    const points = Array.from({ length: 1000 }, (_, n) => ({
      at: new Date(start + (batch * 1000 + n) * 3_600_000).toISOString(),
      value: n % 17,
    }));
    const body = JSON.stringify(points);
    const started = performance.now();
    const response = await fetch(new URL(`/api/metrics/${key}/points`, baseUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });
    const answer = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`A bench batch answered ${response.status}: ${answer}`);
  }
  const median = percentile(times, 0.5);
  return `POST of a 1,000-point batch (${BATCHES} batches): median ${median.toFixed(0)} ms${mark(median, 200)} · slowest ${Math.max(...times).toFixed(0)} ms`;
}
