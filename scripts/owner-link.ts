// npm run owner-link: on the server's machine, mints a fresh one-time owner sign-in link in the configured
// database and prints `Owner sign-in: <URL>`, whatever OWNER_LINK says: the way back in when every passkey
// is lost. With the embedded database held by the running server, the server mints it (loopback + secret).
import { existsSync } from 'node:fs';
import { createOwnerLink, siteOrigin } from '#api/auth/owner-link.ts';
import { config, type Config } from '#api/config.ts';
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { LOCAL_ACCESS_HEADER, readLocalAccess } from '#api/export/local-access.ts';
import { printOwnerLine } from '#api/log.ts';
import { recordSecurityEvent } from '#api/services/security-log.ts';

let cfg: Config;
try {
  cfg = config();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** Asks the running server, which holds the embedded database. */
async function viaServer(): Promise<string | null> {
  const access = readLocalAccess(cfg.DATA_DIR);
  if (!access) return null;
  const response = await fetch(new URL('/api/login/owner/local', access.url), {
    method: 'POST',
    headers: { [LOCAL_ACCESS_HEADER]: access.secret, Origin: new URL(access.url).origin },
  }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json()) as { url?: unknown };
  return typeof body.url === 'string' ? body.url : null;
}

try {
  let url: string | null = null;
  if (!cfg.DATABASE_URL && !existsSync(`${cfg.DATA_DIR}/PG_VERSION`)) {
    throw new Error(`No embedded database in ${cfg.DATA_DIR} (set DATA_DIR or DATABASE_URL, or start the server once).`);
  }
  let database;
  try {
    database = openDatabase(cfg);
  } catch (error) {
    // The running server holds the embedded database's folder: ask it.
    url = await viaServer();
    if (!url) throw error;
  }
  if (database) {
    url = await createOwnerLink(database.db, siteOrigin(cfg));
    await recordSecurityEvent(database.db, { kind: 'owner-link-minted', outcome: 'success', reason: 'npm run owner-link' });
  }
  printOwnerLine(url!);
} catch (error) {
  console.error(`Could not mint an owner link: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
