import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type BrowserServer } from 'playwright-core';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase } from '#api/db/scratch-database.ts';
import { buildIfNeeded } from '../../scripts/build-if-needed.ts';
import { chromePath, CHROMIUM_FLAGS } from '../../scripts/chromium.ts';
import { startServer, type ServerProcess, type ServerStart } from '../../scripts/spawn-server.ts';
import { secretsInLog } from './log-secrets.ts';
import { startTestServices, type TestServices } from './services.ts';
import type { WorkerServer } from './worker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per vitest worker, each on a database of its own: the file of worker N uses servers[N - 1]. */
    servers: WorkerServer[];
    /** Where test helpers record the session tokens they received (the teardown scans the logs for them). */
    secretsFile: string;
    services: TestServices['env'];
    /** The seeded embedded database every other one is copied from ('' on the PostgreSQL pass). */
    templateDataDir: string;
    /** Where failed browser journeys leave a screenshot and the page's HTML. */
    failuresDir: string;
  }
}

/** What every test server runs with, beside its database and port (scripts/spawn-server.ts adds those). */
function testServerEnv(services: TestServices, loadedModulesLog: string): Record<string, string> {
  return {
    // What `npm start` runs: production builds of every library; the test-only switches allowed on top.
    ALLOW_TEST_SWITCHES: '1',
    LOADED_MODULES_LOG: loadedModulesLog,
    // What the request-log test reads: JSON lines at info level, whatever the developer's environment says.
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    // The test OpenID provider is configured, which would turn owner links off (OWNER_LINK=auto): the journeys use them.
    OWNER_LINK: 'on',
    ADMIN_EMAILS: 'owner@example.test,second-admin@example.test',
    OWNER_EMAIL: 'owner@example.test',
    // Far from UTC, so tests see month boundaries follow the owner's zone (00:30 on the 1st is still last month in UTC).
    OWNER_TIME_ZONE: 'Pacific/Auckland',
    ...services.env,
  };
}

/**
 * Builds the site, migrates and seeds one template database (a PGlite folder, or a PostgreSQL database when
 * TEST_DATABASE_URL is set) and keeps its seeded snapshot, then starts one real server per vitest worker, each
 * on its own copy, port and log. Files of one worker run one after another and each starts with a reset to the
 * seed (tests/support/worker-server.ts), so no file ever sees another's writes. Everything is removed afterwards.
 */
export default async function setup(project: TestProject) {
  // The build bakes in SITE_URL's host (not its port): every server of the run serves from localhost.
  await buildIfNeeded('http://localhost');
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);

  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const workDir = resolve('.test-data', runId);
  // Outside the run's folder, which the teardown removes.
  const failuresDir = resolve('.test-data', `failures-${runId}`);
  mkdirSync(workDir, { recursive: true });
  const secretsFile = resolve(workDir, 'secrets-used.txt');
  const databases = new TestDatabases(runId, workDir);
  const services = await startTestServices();
  const started: ServerProcess[] = [];
  const browsers: BrowserServer[] = [];

  const teardown = async () => {
    await Promise.all([...started.map((server) => server.stop()), ...browsers.map((browser) => browser.close())]);
    const leaks = started.flatMap((server) => secretsInLog(server.logFile, secretsFile));
    await services.stop();
    await databases.drop();
    if (existsSync(failuresDir)) console.error(`\nFailed tests left screenshots, page HTML and server log lines in ${failuresDir} (index.txt)\n`);
    if (leaks.length) {
      // Kept for reading: the failure names the lines. The exit code says it too, whatever vitest does with the error.
      process.exitCode = 1;
      throw new Error(`A secret reached a server log (kept in ${workDir}):\n${leaks.join('\n')}`);
    }
    await databases.checkSharedDatabaseUntouched();
    if (!process.env.KEEP_TEST_DATA) rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const templateLog = resolve(workDir, 'template.log');
    const template = await startServer({
      database: await databases.template(),
      logFile: templateLog,
      env: testServerEnv(services, resolve(workDir, 'template-modules.log')),
    });
    started.push(template);
    const snapshot = await fetch(new URL('/api/test/snapshot', template.baseUrl), { method: 'POST', headers: { Origin: template.baseUrl } });
    if (snapshot.status !== 204) throw new Error(`Keeping the seeded snapshot answered ${snapshot.status}: ${await snapshot.text()}`);
    // Stopped before it is copied: a PGlite folder must be closed, a PostgreSQL template have no one connected.
    await template.stop();
    started.pop();
    rmSync(templateLog, { force: true });

    const servers: WorkerServer[] = await Promise.all(
      Array.from({ length: workers }, async (_, index) => {
        const dir = resolve(workDir, `worker-${index + 1}`);
        mkdirSync(dir, { recursive: true });
        const database = await databases.copy(index + 1, dir);
        const loadedModulesLog = resolve(dir, 'loaded-modules.log');
        const options: ServerStart = {
          database,
          logFile: resolve(dir, 'server.log'),
          env: testServerEnv(services, loadedModulesLog),
          preload: ['./tests/support/loaded-modules.ts'],
        };
        // One Chromium per worker for the whole run: launching one per file cost 10-15 s each on a loaded machine.
        const [server, browser] = await Promise.all([
          startServer(options).then(keptIn(started)),
          chromium.launchServer({ executablePath: chromePath(), args: CHROMIUM_FLAGS }).then(keptIn(browsers)),
        ]);
        return {
          browserEndpoint: browser.wsEndpoint(),
          baseUrl: server.baseUrl,
          pid: server.pid,
          serverLog: server.logFile,
          loadedModulesLog,
          databaseUrl: 'databaseUrl' in database ? database.databaseUrl : '',
        };
      }),
    );
    project.provide('servers', servers);
    project.provide('secretsFile', secretsFile);
    project.provide('services', services.env);
    project.provide('templateDataDir', databases.templateDataDir);
    project.provide('failuresDir', failuresDir);
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }

  return teardown;
}

/** Remembers what was started, so the teardown stops it even when something else failed to start. */
const keptIn =
  <T>(list: T[]) =>
  (item: T): T => {
    list.push(item);
    return item;
  };

/**
 * The run's databases: a template and one copy per worker. On PostgreSQL, TEST_DATABASE_URL only names where to
 * create and drop them; nothing is ever written into the database it names.
 */
class TestDatabases {
  private readonly adminUrl = process.env.TEST_DATABASE_URL;
  private readonly dropped: Array<() => Promise<void>> = [];
  readonly templateDataDir: string;
  private readonly runId: string;

  constructor(runId: string, workDir: string) {
    this.runId = runId;
    this.templateDataDir = this.adminUrl ? '' : resolve(workDir, 'template-pglite');
  }

  private get templateName() {
    return `test_${this.runId}_template`;
  }

  async template(): Promise<ServerStart['database']> {
    if (!this.adminUrl) return { dataDir: this.templateDataDir };
    const { url, drop } = await createScratchDatabase(this.adminUrl, this.templateName);
    this.dropped.push(drop);
    return { databaseUrl: url };
  }

  async copy(worker: number, dir: string): Promise<ServerStart['database']> {
    if (!this.adminUrl) {
      const dataDir = resolve(dir, 'pglite');
      cpSync(this.templateDataDir, dataDir, { recursive: true });
      return { dataDir };
    }
    const { url, drop } = await createScratchDatabase(this.adminUrl, `test_${this.runId}_w${worker}`, this.templateName);
    this.dropped.push(drop);
    return { databaseUrl: url };
  }

  async drop(): Promise<void> {
    for (const drop of this.dropped.reverse()) await drop();
  }

  /** The database TEST_DATABASE_URL names must still hold no table: every test writes into its own copies. */
  async checkSharedDatabaseUntouched(): Promise<void> {
    if (!this.adminUrl) return;
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
      );
      if (rows.length > 0) {
        process.exitCode = 1;
        throw new Error(`The shared database of TEST_DATABASE_URL holds tables, so something wrote into it: ${rows.map((row) => row.name).join(', ')}`);
      }
    } finally {
      await client.end();
    }
  }
}
