import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcess } from '../../scripts/processes.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.ts';

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
 * A second real server (the same build, scripts/start.ts) with its own empty embedded database and its
 * own environment, for behaviour that depends on settings the shared test server cannot have
 * (TRUSTED_PROXIES, no test switches). It serves from localhost like the shared one, so the build is reused.
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'extra-server-'));
  let printed = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'owner@example.test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Generous: a busy two-core CI machine needs most of a minute to migrate and seed a fresh database.
  const deadline = Date.now() + 180_000;
  // Ready once the owner link is printed, or (OWNER_LINK=off honoured) once the server says it prints none.
  while (!/^Owner sign-in: |Owner sign-in links are off/m.test(printed)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The extra server did not start:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, dataDir, output: () => printed, signal: (name) => child.kill(name), exited, stop };
}
