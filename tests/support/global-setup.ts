import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase } from '#api/db/scratch-database.ts';
import { buildIfNeeded } from '../../scripts/build-if-needed.ts';
import { freePort, stopProcess } from '../../scripts/processes.ts';
import { secretsInLog } from './log-secrets.ts';
import { startTestServices, type TestServices } from './services.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** Where test helpers record the session tokens they received (the teardown scans the log for them). */
    secretsFile: string;
    loadedModulesLog: string;
    databaseUrl: string;
    services: TestServices['env'];
  }
}

/**
 * Builds the site, makes a fresh database (a temp PGlite folder, or a new randomly named PostgreSQL
 * database when TEST_DATABASE_URL is set), starts the real server process on a free port and hands
 * its address to the tests. Everything is removed afterwards.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  // localhost, not 127.0.0.1: browsers refuse WebAuthn (passkeys) on IP-address origins.
  const baseUrl = `http://localhost:${port}`;
  // The build bakes in SITE_URL's host, so build for the one the server will run with.
  process.env.SITE_URL = baseUrl;
  buildIfNeeded();

  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const workDir = resolve('.test-data', runId);
  mkdirSync(workDir, { recursive: true });

  const database = await createTestDatabase(runId, workDir);
  const services = await startTestServices();
  const serverLog = resolve(workDir, 'server.log');
  const log = openSync(serverLog, 'a');

  const loadedModulesLog = resolve(workDir, 'loaded-modules.log');
  const secretsFile = resolve(workDir, 'secrets-used.txt');
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', './tests/support/loaded-modules.ts', 'scripts/start.ts'], {
    env: {
      ...process.env,
      // What `npm start` runs: production builds of every library; the test-only switches allowed on top.
      NODE_ENV: 'production',
      ALLOW_TEST_SWITCHES: '1',
      LOADED_MODULES_LOG: loadedModulesLog,
      // What the request-log test reads: JSON lines at info level, whatever the developer's environment says.
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseUrl,
      SEED_DEMO: 'true',
      ADMIN_EMAILS: 'owner@example.test,second-admin@example.test',
      OWNER_EMAIL: 'owner@example.test',
      // Far from UTC, so tests see month boundaries follow the owner's zone (00:30 on the 1st is still last month in UTC).
      OWNER_TIME_ZONE: 'Pacific/Auckland',
      ...database.env,
      ...services.env,
    },
    stdio: ['ignore', log, log],
  });
  await waitForServer(baseUrl, server, serverLog);

  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  project.provide('secretsFile', secretsFile);
  project.provide('loadedModulesLog', loadedModulesLog);
  project.provide('databaseUrl', database.env.DATABASE_URL ?? '');
  project.provide('services', services.env);

  return async () => {
    await stopProcess(server);
    const leaks = secretsInLog(serverLog, secretsFile);
    await services.stop();
    await database.drop();
    if (leaks.length) {
      // Kept for reading: the failure names the lines. The exit code says it too, whatever vitest does with the error.
      process.exitCode = 1;
      throw new Error(`A secret reached the server log (kept in ${workDir}):\n${leaks.join('\n')}`);
    }
    if (!process.env.KEEP_TEST_DATA) rmSync(workDir, { recursive: true, force: true });
  };
}

async function createTestDatabase(runId: string, workDir: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { env: { DATA_DIR: resolve(workDir, 'pglite') } as Record<string, string>, drop: async () => {} };
  }
  const { url, drop } = await createScratchDatabase(adminUrl, `test_${runId}`);
  return { env: { DATABASE_URL: url } as Record<string, string>, drop };
}

async function waitForServer(baseUrl: string, server: ChildProcess, logPath: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}; see ${logPath}`);
    try {
      const response = await fetch(`${baseUrl}/public-projects`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within 120 s; see ${logPath}`);
}

