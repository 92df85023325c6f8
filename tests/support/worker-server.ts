import { readFileSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import { captureFailure, forgetClosedPages } from './failure-capture.ts';
import { workerServer, type WorkerServer } from './worker.ts';

/*
 * Set up before every server-layer file (vitest.config.ts, setupFiles): the file talks to its worker's own
 * server (global-setup.ts starts one per worker, each on its own database), starting from the seed.
 */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server's last log lines: what a failure caused by its death needs to say. */
export function serverLogTail(server = workerServer(), lines = 40): string {
  try {
    return readFileSync(server.serverLog, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function failIfDead(server: WorkerServer): void {
  if (!alive(server.pid)) throw new Error(`This worker's server (pid ${server.pid}) has stopped. The last lines of its log (${server.serverLog}):\n${serverLogTail(server)}`);
}

/** Empties its database back to the seed, its caches, rate limits, owner links and security log with it. */
export async function resetServer(server = workerServer()): Promise<void> {
  failIfDead(server);
  const response = await fetch(new URL('/api/test/reset', server.baseUrl), { method: 'POST', headers: { Origin: server.baseUrl } }).catch((error: Error) => {
    failIfDead(server);
    throw error;
  });
  if (response.status !== 204) throw new Error(`Resetting the test server answered ${response.status}: ${await response.text()}`);
}

const server = workerServer();
await resetServer(server);

// A failed test leaves its pages and the server's last log lines to read.
beforeEach(({ task, onTestFailed }) => {
  forgetClosedPages();
  onTestFailed(async () => {
    const folder = await captureFailure(`${task.file.name} ${task.name}`, serverLogTail(server));
    console.error(`Left for reading: ${folder}`);
  });
});
// A test that failed because the server died says so, with the log's last lines, instead of timing out unexplained.
afterEach(() => failIfDead(server));
