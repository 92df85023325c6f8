import { existsSync } from 'node:fs';
import type { Config } from '../config.ts';
import { closeDatabase, openDatabase, type Database } from '../db/client.ts';
import { LOCAL_ACCESS_HEADER, readLocalAccess } from './local-access.ts';

/** One request to the running server, with this machine's DATA_DIR secret; null when it did not answer 2xx. */
export type AskServer = (path: string, init?: RequestInit) => Promise<Response | null>;

/**
 * How a command on the server's machine (npm run export, npm run owner-link) reaches the site's data: the
 * configured database directly, or, when the running server holds the embedded database's folder (PGlite
 * serves one process), that server on the loopback interface (see local-access.ts). `viaServer` answers
 * null when the server could not help; the error of opening the folder is then the one reported.
 */
export async function withLocalDatabase<T>(
  cfg: Config,
  direct: (database: Database) => Promise<T>,
  viaServer: (ask: AskServer) => Promise<T | null>,
): Promise<T> {
  if (!cfg.DATABASE_URL && !existsSync(`${cfg.DATA_DIR}/PG_VERSION`)) {
    throw new Error(`No embedded database in ${cfg.DATA_DIR} (set DATA_DIR or DATABASE_URL, or start the server once).`);
  }
  let database: Database;
  try {
    database = openDatabase(cfg);
  } catch (error) {
    const answer = cfg.DATABASE_URL ? null : await viaServer(askServer(cfg.DATA_DIR));
    if (answer === null) throw error;
    return answer;
  }
  try {
    return await direct(database);
  } finally {
    await closeDatabase();
  }
}

function askServer(dataDir: string): AskServer {
  return async (path, init = {}) => {
    const access = readLocalAccess(dataDir);
    if (!access) return null;
    const headers = new Headers(init.headers);
    headers.set(LOCAL_ACCESS_HEADER, access.secret);
    // Writes carry the same-origin Origin header the server checks on every write.
    if (init.method && !['GET', 'HEAD'].includes(init.method)) headers.set('Origin', access.origin);
    const response = await fetch(new URL(path, access.url), { ...init, headers }).catch(() => null);
    if (response && !response.ok) {
      await response.body?.cancel();
      return null;
    }
    return response;
  };
}
