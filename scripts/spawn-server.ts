import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { freePort, stopProcess } from './processes.ts';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.ts';

/*
 * The one place that starts a server for the tests and the bench: the command (the built server with the flags
 * and environment of `npm start`, scripts/server-flags.ts; the caller builds first), the environment every such
 * server gets, the log file and the wait until it serves.
 */

export interface ServerStart {
  /** Its database: an embedded one's folder, or a PostgreSQL URL. */
  database: { dataDir: string } | { databaseUrl: string };
  /** Everything the server prints (stdout and stderr), appended. A file, not a pipe: a pipe this process reads
   * would stall the server (its log writes are synchronous) whenever this process is busy. */
  logFile: string;
  /** More of the server's environment (settings under test, stand-in services). */
  env?: Record<string, string>;
  /** Pass this process's whole environment through (the bench: settings a person tries out); else only PATH and HOME. */
  inheritEnvironment?: boolean;
  /** Node's flags, when measuring others than `npm start`'s. */
  nodeFlags?: string[];
  /** Modules preloaded with --import (the tests' list of loaded modules). */
  preload?: string[];
  /** How its port is chosen (a test gives one that answers a taken port first). */
  choosePort?: () => Promise<number>;
  /** How long a start may take: migrating and seeding a fresh database takes most of a minute on a busy machine. */
  timeoutMs?: number;
}

export interface ServerProcess {
  /** http://localhost:PORT: browsers refuse WebAuthn (passkeys) on IP-address origins. */
  baseUrl: string;
  pid: number;
  logFile: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Its last log lines, for a failure's message. */
  logTail(lines?: number): string;
  /** Sends the process a signal (SIGTERM: what a container engine sends to stop it). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Whether the process still runs. */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * Resolves once the server has printed its owner sign-in line (or said it prints none): it listens then. The port
 * is free when chosen but may be taken before the server listens (an outgoing connection of another process can
 * take it: both come from the same ephemeral range), so a start that fails with EADDRINUSE tries another port.
 */
export async function startServer(options: ServerStart): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const logStart = existsSync(options.logFile) ? statSync(options.logFile).size : 0;
    try {
      return await startOnce(options, await (options.choosePort ?? freePort)());
    } catch (error) {
      const log = readFileSync(options.logFile).subarray(logStart).toString();
      if (attempt >= 5 || !log.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(options: ServerStart, port: number): Promise<ServerProcess> {
  const baseUrl = `http://localhost:${port}`;
  const fd = openSync(options.logFile, 'a');
  const base = options.inheritEnvironment ? { ...process.env } : { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeFlags ?? SERVER_NODE_FLAGS), ...(options.preload ?? []).flatMap((file) => ['--import', file]), SERVER_ENTRY],
    {
      env: {
        // A setting of the person running the bench (inheritEnvironment) wins.
        ...SERVER_ENV,
        ...base,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: baseUrl,
        ...('dataDir' in options.database ? { DATA_DIR: options.database.dataDir, DATABASE_URL: '' } : { DATABASE_URL: options.database.databaseUrl }),
        ...options.env,
      },
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const output = () => readFileSync(options.logFile, 'utf8');
  const logTail = (lines = 40) => output().trimEnd().split('\n').slice(-lines).join('\n');
  const server: ServerProcess = {
    baseUrl,
    pid: child.pid!,
    logFile: options.logFile,
    output,
    logTail,
    signal: (name) => child.kill(name),
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => stopProcess(child),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (!/^Owner sign-in: |Owner sign-in links are off/m.test(output())) {
    if (!server.running() || Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server did not start (log: ${options.logFile}):\n${logTail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}
