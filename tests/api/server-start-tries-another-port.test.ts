import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { freePort } from '../../scripts/processes.ts';
import { startServer } from '../../scripts/spawn-server.ts';

// Embedded pass only (vitest.config.ts): it starts a server on a copy of the seeded folder. A port free when chosen can be taken before the server listens (CI once failed to start a worker's server so).
let taken: Server;
let folder: string;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  folder = mkdtempSync(join(tmpdir(), 'taken-port-'));
});

afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

test('a server whose chosen port was taken meanwhile starts on another one', async () => {
  const takenPort = (taken.address() as { port: number }).port;
  const ports = [takenPort];
  const dataDir = join(folder, 'data');
  cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const server = await startServer({
    database: { dataDir },
    logFile: join(folder, 'server.log'),
    env: { ADMIN_EMAILS: 'owner@example.test' },
    choosePort: async () => ports.shift() ?? freePort(),
  });
  try {
    expect(readFileSync(server.logFile, 'utf8')).toContain('EADDRINUSE');
    expect(server.baseUrl).not.toBe(`http://localhost:${takenPort}`);
    expect((await fetch(new URL('/healthz', server.baseUrl))).status).toBe(200);
  } finally {
    await server.stop();
  }
});
