// npm run bench: build, serve the site on a fresh embedded database, and measure pages with Lighthouse
// (Debian's Chromium, Lighthouse's default mobile preset, the median of 3 runs per page).
// The page list is open: measurePage({ url, cookie }) also measures a signed-in page.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from './build-if-needed.ts';

const RUNS = 3;
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The flags of the end-to-end tests' browser (tests/support/browser.ts). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageToMeasure {
  url: string;
  /** A Cookie header, to measure a page as a signed-in user sees it. */
  cookie?: string;
}

export interface PageMeasurement {
  url: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Milliseconds, except CLS (unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Gzip size of every script the page ran before any interaction, inline scripts included. */
  jsGzipBytes: number;
}

type OneRun = Omit<PageMeasurement, 'url'>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** One Chromium for all runs, driven by Lighthouse over its debugging port. */
async function launchChrome(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  const chrome = spawn(CHROME, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok, 'Chromium');
  return {
    port,
    close: async () => {
      await stop(chrome);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

let chromePort: number | null = null;

async function runOnce(page: PageToMeasure): Promise<OneRun> {
  if (chromePort === null) throw new Error('Chromium is not running');
  const result = await lighthouse(page.url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const origin = new URL(page.url).origin;
  const scripts = (artifacts.Scripts ?? []).filter((script) => script.url.startsWith(origin) && script.content);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsGzipBytes: scripts.reduce((sum, script) => sum + gzipSync(script.content!).byteLength, 0),
  };
}

/** Measures one page RUNS times and keeps the median of every figure (starting Chromium if needed). */
export async function measurePage(page: PageToMeasure): Promise<PageMeasurement> {
  if (chromePort === null) return (await measurePages([page]))[0]!;
  const runs: OneRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(page));
  const pick = (get: (run: OneRun) => number) => median(runs.map(get));
  return {
    url: page.url,
    scores: {
      performance: pick((run) => run.scores.performance),
      accessibility: pick((run) => run.scores.accessibility),
      bestPractices: pick((run) => run.scores.bestPractices),
      seo: pick((run) => run.scores.seo),
    },
    fcp: pick((run) => run.fcp),
    lcp: pick((run) => run.lcp),
    tbt: pick((run) => run.tbt),
    cls: pick((run) => run.cls),
    jsGzipBytes: pick((run) => run.jsGzipBytes),
  };
}

/** Starts Chromium once, measures every page in turn, closes Chromium. */
export async function measurePages(pages: PageToMeasure[]): Promise<PageMeasurement[]> {
  const chrome = await launchChrome();
  chromePort = chrome.port;
  try {
    const results: PageMeasurement[] = [];
    for (const page of pages) results.push(await measurePage(page));
    return results;
  } finally {
    chromePort = null;
    await chrome.close();
  }
}

/** Builds if needed and starts scripts/start.ts on a free port with a throwaway embedded database. */
export async function startBenchServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  buildIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl, DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`${baseUrl}/public-projects`)).ok, 'The server', 120_000);
  return {
    baseUrl,
    stop: async () => {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function formatMeasurement(m: PageMeasurement): string {
  const { performance, accessibility, bestPractices, seo } = m.scores;
  return [
    m.url,
    `  Performance ${performance} · Accessibility ${accessibility} · Best Practices ${bestPractices} · SEO ${seo}`,
    `  FCP ${(m.fcp / 1000).toFixed(2)} s · LCP ${(m.lcp / 1000).toFixed(2)} s · TBT ${Math.round(m.tbt)} ms · CLS ${m.cls.toFixed(3)}`,
    `  JavaScript before interaction: ${(m.jsGzipBytes / 1024).toFixed(1)} KB gzip`,
  ].join('\n');
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/public/projects`)).json()) as { id: number; imageUrl: string | null }[];
    // A project with a banner image: the heavier of the two kinds of detail page.
    const detail = projects.find((project) => project.imageUrl) ?? projects[0];
    const pages: PageToMeasure[] = [
      { url: `${server.baseUrl}/` },
      { url: `${server.baseUrl}/public-projects` },
      ...(detail ? [{ url: `${server.baseUrl}/public-projects/${detail.id}` }] : []),
    ];
    const results = await measurePages(pages);
    console.log(`\nLighthouse ${RUNS} runs per page, median, mobile preset\n`);
    for (const result of results) console.log(formatMeasurement(result) + '\n');
    mkdirSync('bench-results', { recursive: true });
    const file = resolve('bench-results', `pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(`Saved to ${file}`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
