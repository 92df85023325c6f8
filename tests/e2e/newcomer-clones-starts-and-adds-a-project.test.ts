import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/processes.ts';
import { launchBrowser } from '../support/browser.ts';
import { unique } from './owner-journey.ts';

/*
 * The first hour of a newcomer, as the README tells it: clone the project, `npm ci`, `npm start` (a full build on
 * a fresh embedded database), open the `Owner sign-in:` link the server prints, press Sign in, see the dashboard,
 * add a project by typing into the admin form, and find it as a visitor on /public-projects. It clones the
 * committed HEAD, so what it proves is what a newcomer gets. Embedded pass only (vitest.config.ts): it starts a
 * server of its own and never touches the test server.
 */

const MINUTES = 60_000;
let browser: Browser;
let folder: string;
let server: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'newcomer-'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // npm starts the server as its child: stop the whole process group it leads.
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
    if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  }
  // A clone with its node_modules: removed without blocking the worker, which takes a while on a busy machine.
  await rm(folder, { recursive: true, force: true });
}, 5 * MINUTES);

/** The environment of a newcomer's shell: nothing of the test run's server, database or runner. */
function newcomerEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'SITE_URL', 'NODE_ENV', 'ALLOW_TEST_SWITCHES', 'DATA_DIR', 'OWNER_LINK', 'LOG_FORMAT', 'LOG_LEVEL']) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'TEST' || name.startsWith('OIDC_') || name.startsWith('GITHUB_')) delete env[name];
  return env;
}

describe('a newcomer clones the project and starts it', () => {
  it(
    'clones, installs, starts, signs in with the printed link, adds a project that visitors find',
    async () => {
      const site = join(folder, 'site');
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      execFileSync('git', ['clone', '--quiet', '--no-checkout', process.cwd(), site]);
      execFileSync('git', ['-C', site, 'checkout', '--quiet', '--detach', head]);

      const port = await freePort();
      const env = newcomerEnv(port);
      await promisify(execFile)('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: site, env, maxBuffer: 64 * 1024 * 1024 });

      server = spawn('npm', ['start'], { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const link = await new Promise<string>((found, failed) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /^Owner sign-in: (\S+)$/m.exec(output);
          if (match) found(match[1]!);
        };
        server!.stdout!.on('data', read);
        server!.stderr!.on('data', read);
        server!.once('exit', (code) => failed(new Error(`npm start exited (${code}):\n${output.slice(-3000)}`)));
      });
      const origin = `http://localhost:${port}`;
      expect(new URL(link).origin).toBe(origin);

      // The owner, on a phone: open the link, press Sign in, land on the dashboard.
      const owner = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await owner.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(link);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${origin}/`);
      await page.locator('#stats-title').waitFor();

      // Add a project by typing as soon as the form shows.
      const name = unique('First project');
      await page.goto(`${origin}/data-management`, { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: 'Add project' });
      await form.getByLabel('Name', { exact: true }).pressSequentially(name);
      await form.getByLabel('Category', { exact: true }).pressSequentially('creative');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await page.getByRole('article', { name }).waitFor();
      await owner.close();

      // A visitor, signed out, searches the public list for it.
      const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const visit = await visitor.newPage();
      visit.setDefaultTimeout(30_000);
      await visit.goto(`${origin}/public-projects`);
      await visit.getByRole('searchbox', { name: 'Search projects' }).fill(name);
      await visit.getByRole('searchbox', { name: 'Search projects' }).press('Enter');
      await visit.getByRole('heading', { name }).first().waitFor();
      await visitor.close();
    },
    30 * MINUTES,
  );
});
