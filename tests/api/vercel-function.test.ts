import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedProjects } from '#api/seed/data.ts';
import { workerServer } from '../support/worker.ts';

/**
 * The Vercel build works offline and its function serves pages and API calls from the test database.
 * On PostgreSQL the function opens its own pool from DATABASE_URL, as on Vercel; on PGlite the test prepares
 * a fresh embedded database first, which the function then opens (Vercel itself always uses PostgreSQL).
 */
const SITE = 'https://portfolio.example';
/** Turns on ISR for the visitor reads (api/cache/vercel-isr.ts). */
const REVALIDATE_TOKEN = 'isr-test-token-0123456789abcdefghijklmnop';
/** What Vercel Cron sends to the scheduled path (vercel.json). */
const CRON_SECRET = 'cron-test-secret-0123456789';
let fetchFunction: (request: Request) => Promise<Response>;
let cleanup = async () => {};

beforeAll(async () => {
  // Before anything reads the configuration (the database start-up does), so the function sees the public origin.
  // Stubbed, so afterAll gives the worker its own values back: its later files share the process (isolate: false).
  vi.stubEnv('SITE_URL', SITE);
  vi.stubEnv('CRON_SECRET', CRON_SECRET);
  const build = spawnSync('astro', ['build'], {
    env: {
      ...process.env,
      DEPLOY_TARGET: 'vercel',
      SITE_URL: SITE,
      VERCEL_REVALIDATE_TOKEN: REVALIDATE_TOKEN,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    encoding: 'utf8',
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);

  const databaseUrl = workerServer().databaseUrl;
  if (databaseUrl) {
    vi.stubEnv('DATABASE_URL', databaseUrl);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'vercel-fn-'));
    const { parseConfig } = await import('#api/config.ts');
    const { startDatabase } = await import('#api/startup.ts');
    const { closeDatabase } = await import('#api/db/client.ts');
    await startDatabase({ ...parseConfig({ NODE_ENV: 'test' }), DATA_DIR: dir });
    // Migrated and seeded here, then closed: the function opens it on first use, as it opens its pool on Vercel.
    await closeDatabase();
    vi.stubEnv('DATA_DIR', dir);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const entry = resolve('.vercel/output/functions/_render.func/dist-vercel/server/entry.mjs');
  const module = await import(/* @vite-ignore */ pathToFileURL(entry).href);
  fetchFunction = (request) => module.default.fetch(request);
}, 180_000);

afterAll(async () => {
  await cleanup();
  vi.unstubAllEnvs();
});

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}${path}`, { headers: { 'x-forwarded-host': 'portfolio.example', 'x-forwarded-proto': 'https', ...headers } });

describe('the Vercel function', () => {
  it('serves the public portfolio page with the seeded projects, linking to the public origin', async () => {
    const response = await fetchFunction(request('/public-projects'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(seedProjects[0]!.name);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/public-projects">`);
  });

  it('answers an API call from the database', async () => {
    const response = await fetchFunction(request('/api/public/projects'));
    expect(response.status).toBe(200);
    const projects = (await response.json()) as Array<{ name: string }>;
    expect(projects.map((p) => p.name)).toEqual(expect.arrayContaining(seedProjects.map((p) => p.name)));
  });
});

describe('the periodic jobs on Vercel, where no process lives on to schedule them', () => {
  it('runs every job once when Vercel Cron calls the path vercel.json schedules, with the secret', async () => {
    const crons = (JSON.parse(readFileSync('vercel.json', 'utf8')) as { crons: Array<{ path: string; schedule: string }> }).crons;
    expect(crons.map((cron) => cron.path)).toEqual(['/api/jobs/run']);
    const response = await fetchFunction(request('/api/jobs/run', { Authorization: `Bearer ${CRON_SECRET}` }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      jobs: ['expired sessions', 'security log retention', 'orphaned images', 'insights'].map((name) => ({ name, ok: true })),
    });
  });

  it('answers 401 without the secret or with another, and 404 on a server with no CRON_SECRET', async () => {
    for (const headers of [{}, { Authorization: `Bearer ${CRON_SECRET}x` }, { Authorization: CRON_SECRET }] as Array<Record<string, string>>) {
      const response = await fetchFunction(request('/api/jobs/run', headers));
      expect(response.status, JSON.stringify(headers)).toBe(401);
    }
    // The worker's own server runs its jobs itself and has no CRON_SECRET: the door is not there.
    expect((await fetch(new URL('/api/jobs/run', workerServer().baseUrl), { headers: { Authorization: `Bearer ${CRON_SECRET}` } })).status).toBe(404);
  });
});

describe('the Vercel function draws share cards', () => {
  it('answers the site card as a PNG, with its fonts found beside the bundle', async () => {
    const response = await fetchFunction(request('/og/site.png'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).readUInt32BE(16)).toBe(1200);
  });
});

describe('the Vercel build output', () => {
  const output = (file: string) => JSON.parse(readFileSync(resolve('.vercel/output', file), 'utf8'));
  /** The function Vercel's routing sends a GET of this path to: the first route with a destination that matches. */
  const destination = (path: string) => {
    const routes = output('config.json').routes as Array<{ src?: string; dest?: string; continue?: boolean }>;
    const route = routes.find((r) => r.src && r.dest && !r.continue && new RegExp(r.src).test(path));
    return route?.dest?.startsWith('/_isr?') ? 'isr' : route?.dest;
  };

  it('serves the session-independent visitor pages as ISR, kept until a write revalidates them with the token', () => {
    expect(output('functions/_isr.prerender-config.json')).toMatchObject({
      expiration: false,
      bypassToken: REVALIDATE_TOKEN,
    });
    for (const path of ['/public-projects/3', '/sitemap.xml', '/robots.txt', '/rss.xml', '/feed.json', '/og/site.png', '/og/projects/3.png'])
      expect(destination(path), path).toBe('isr');
  });

  it('renders everything session-dependent or written to on each request', () => {
    for (const path of [
      '/',
      // Reads ?page=, ?q= and ?category=, which ISR's cache key drops.
      '/public-projects',
      '/projects',
      '/projects/3',
      '/portfolio-showcase',
      '/api/public/projects',
      '/api/projects',
      '/api/projects/3',
      '/api/images/abcdefghijkl',
      '/api/login',
      '/api/login/owner/redeem',
      '/api/upload-image',
      '/data-management',
      '/account/sessions',
      '/diary',
      '/api/jobs/run',
    ])
      expect(destination(path), path).toBe('_render');
  });

  it("bundles the parts of drizzle-orm it uses instead of loading the package's ES modules one by one", () => {
    // Each of those makes Node read drizzle-orm's 175 KB package.json again: 100 MB more resident memory.
    expect(existsSync(resolve('.vercel/output/functions/_render.func/node_modules/drizzle-orm'))).toBe(false);
    expect(existsSync(resolve('.vercel/output/functions/_render.func/node_modules/pg'))).toBe(true);
  });

  it('carries the share cards’ font files, which the server reads at run time', () => {
    for (const file of [
      '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff',
      '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
      '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff',
    ])
      expect(existsSync(resolve('.vercel/output/functions/_isr.func/node_modules', file)) || existsSync(resolve('.vercel/output/functions/_render.func/node_modules', file)), file).toBe(true);
  });
});
