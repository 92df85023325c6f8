import { inject } from 'vitest';

/** The server the global setup started for one vitest worker (tests/support/global-setup.ts). */
export interface WorkerServer {
  baseUrl: string;
  pid: number;
  serverLog: string;
  loadedModulesLog: string;
  /** Its PostgreSQL database ('' on the embedded database). */
  databaseUrl: string;
  /** The worker's Chromium, for playwright-core's connect. */
  browserEndpoint: string;
}

/** This worker's server: files of one worker run one after another, so no other file writes its database. */
export function workerServer(): WorkerServer {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[poolId - 1];
  if (!server) throw new Error(`Worker ${poolId} has no server: the global setup started ${servers.length} (maxWorkers).`);
  return server;
}
