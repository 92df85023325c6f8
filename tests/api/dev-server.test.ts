import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ownerCookie } from '../../scripts/owner-session.ts';
import { freePort, stopProcess } from '../../scripts/processes.ts';

/*
 * `npm run dev` on its own embedded database: it migrates and seeds before Astro's dev server starts, and prints
 * the owner link. (Embedded only: the dev server's database handling is the same code `npm start` runs on both.)
 */
let child: ChildProcess;
let output = '';
let dataDir: string;
let port: number;

async function devEnv(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  // The dev server is a development process on a database of its own, not the test server's.
  for (const name of ['DATABASE_URL', 'SITE_URL', 'NODE_ENV', 'ALLOW_TEST_SWITCHES']) delete env[name];
  // Nor a vitest child: Astro's dev server answers every page 404 when it sees VITEST (vitest's own variables).
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'TEST') delete env[name];
  return env;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dev-server-'));
  const env = await devEnv();
  port = Number(env.PORT);
  child = spawn('npm', ['run', 'dev'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const ready = new Promise<void>((done, failed) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Owner sign-in: ')) done();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => failed(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
  await ready;
}, 180_000);

afterAll(async () => {
  // npm starts node as its child: stop the whole group, so the dev server closes its database.
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  } else if (child) await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

test('npm run dev serves the seeded site and prints the owner link for its own port', async () => {
  expect(output).toMatch(new RegExp(`Owner sign-in: http://localhost:${port}/\\S+token=`));
  // The first request compiles the page: slow on a busy machine, hence the long timeout.
  const home = await fetch(`http://localhost:${port}/`);
  expect(home.status).toBe(200);
  // The seeded public metric's card on the landing page.
  expect(await home.text()).toContain('data-metric="commits"');
  const projects = await fetch(`http://localhost:${port}/public-projects`);
  expect(projects.status).toBe(200);
  expect(await projects.text()).toContain('Calm Canvas Design System');
}, 180_000);

test('the dev server renders the signed-in dashboard on every request (an edited component shows on reload)', async () => {
  const link = /Owner sign-in: (\S+)/.exec(output)![1]!;
  const cookie = await ownerCookie(link);
  // A kept copy (api/cache/dashboard-page-cache.ts) says its Age; a page rendered for the request has none.
  const age = async () => {
    const response = await fetch(`http://localhost:${port}/`, { headers: { Cookie: cookie } });
    expect(await response.text()).toContain('id="stats-title"');
    return response.headers.get('age');
  };
  expect(await age()).toBeNull();
  expect(await age()).toBeNull();
}, 180_000);

test('a second start on the same embedded database stops, naming the process that holds it', async () => {
  const holder = readFileSync(join(dataDir, 'server.lock'), 'utf8').trim();
  const second = spawn('npm', ['run', 'dev'], { env: await devEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  second.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  second.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const code = await new Promise<number | null>((done) => second.once('exit', done));
  expect(code).not.toBe(0);
  expect(said).toContain(`is in use by another process (pid ${holder})`);
}, 60_000);
