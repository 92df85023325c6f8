import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServer } from '../../scripts/spawn-server.ts';

export interface ExtraServer {
  baseUrl: string;
  /** Its embedded database's folder (DATA_DIR). */
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Sends the process a signal (SIGTERM: what a container engine sends to stop it). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended by itself. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Another real server (the same build, started by scripts/spawn-server.ts) with its own
 * environment, for behaviour that depends on settings the worker's server cannot have (TRUSTED_PROXIES, no test
 * switches). Its embedded database is a copy of the run's seeded template when there is one (the embedded pass),
 * else it migrates and seeds its own; `env` may name a PostgreSQL DATABASE_URL instead. `reuse.dataDir` starts
 * it on the folder of an extra server that stopped (a restart); the first server's stop() removes the folder.
 */
export async function startExtraServer(env: Record<string, string>, reuse: { dataDir?: string } = {}): Promise<ExtraServer> {
  const folder = mkdtempSync(join(tmpdir(), 'extra-server-'));
  const dataDir = reuse.dataDir ?? join(folder, 'data');
  const template = inject('templateDataDir');
  if (reuse.dataDir) {
    // Started on another server's folder.
  } else if (template && !env.DATABASE_URL) cpSync(template, dataDir, { recursive: true });
  else mkdirSync(dataDir);
  const remove = () => rmSync(folder, { recursive: true, force: true });
  const server = await startServer({
    database: env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir },
    logFile: join(folder, 'server.log'),
    env: { ADMIN_EMAILS: 'owner@example.test', ...env },
  }).catch((error: Error) => {
    remove();
    throw new Error(`The extra server did not start: ${error.message}`);
  });
  let output = '';
  return {
    baseUrl: server.baseUrl,
    dataDir,
    // What it printed last is kept once the folder is gone, for a test that reads it after stopping the server.
    output: () => {
      try {
        output = server.output();
      } catch {
        // removed by stop()
      }
      return output;
    },
    signal: server.signal,
    exited: server.exited,
    stop: async () => {
      await server.stop();
      output = server.output();
      remove();
    },
  };
}
