import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * PGlite serves one process: while the server runs, `npm run export` and `npm run owner-link` cannot open
 * the folder and ask the server instead (local-database.ts), on the loopback interface, proving they may
 * read DATA_DIR with a random secret the server writes there (mode 0600) at start.
 */
export const LOCAL_ACCESS_FILE = 'export-access.json';
export const LOCAL_ACCESS_HEADER = 'x-export-secret';

/** This process's secret, once granted. */
let granted: string | undefined;

/**
 * `origin` is what the commands' writes name in their Origin header: the origin the server sees them at (SITE_URL's,
 * which is authoritative when set, api/http/request-origin.ts; else the loopback address they connect to).
 */
export function grantLocalAccess(dataDir: string, port: number, siteUrl: string | undefined): void {
  const secret = randomBytes(32).toString('base64url');
  const path = join(dataDir, LOCAL_ACCESS_FILE);
  const url = `http://127.0.0.1:${port}`;
  const origin = siteUrl ? new URL(siteUrl).origin : url;
  rmSync(path, { force: true });
  writeFileSync(path, `${JSON.stringify({ url, origin, secret })}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  granted = secret;
}

export function readLocalAccess(dataDir: string): { url: string; origin: string; secret: string } | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, LOCAL_ACCESS_FILE), 'utf8')) as { url: string; origin: string; secret: string };
  } catch {
    return null;
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether the request carries this process's secret and comes from this machine. */
export function hasLocalAccess(request: Request, clientAddress: string): boolean {
  const secret = granted;
  const given = request.headers.get(LOCAL_ACCESS_HEADER);
  if (!secret || !given || !LOOPBACK.test(clientAddress)) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
