import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { db } from '../db/client.ts';

/*
 * Health for load balancers and container engines.
 * - /healthz: the process is up and answering. Touches nothing else, so a database outage never restarts it.
 * - /readyz: send traffic here? Only when the database answers and has every migration this build ships,
 *   and not while the process drains after SIGTERM. Always answers within READY_TIMEOUT_MS.
 */
export const READY_TIMEOUT_MS = 2000;
const HEALTH_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

let isDraining = false;

/** Called by server/main.ts on SIGTERM/SIGINT, before the server stops accepting connections. */
export function startDraining(): void {
  isDraining = true;
}
const draining = () => isDraining;

export function healthz(): Response {
  return new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: HEALTH_HEADERS });
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The newest migration this build ships (drizzle-kit's journal), or null where the folder is not deployed. */
let shipped: JournalEntry | null | undefined;
function newestShippedMigration(): JournalEntry | null {
  if (shipped !== undefined) return shipped;
  try {
    const folder = resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
    const journal = JSON.parse(readFileSync(resolve(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    shipped = journal.entries.at(-1) ?? null;
  } catch {
    shipped = null;
  }
  return shipped;
}

async function newestAppliedMigration(): Promise<number | null> {
  const result = await db().execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ created_at: string | number }>;
  return rows[0] ? Number(rows[0].created_at) : null;
}

const unready = (body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status: 503, headers: { ...HEALTH_HEADERS, 'Retry-After': '5' } });

export async function readyz(): Promise<Response> {
  if (draining()) return unready({ database: 'unknown', error: 'The server is shutting down.' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), READY_TIMEOUT_MS);
  });
  try {
    const applied = await Promise.race([newestAppliedMigration(), timeout]);
    if (applied === 'timeout') return unready({ database: 'unreachable', error: `No answer within ${READY_TIMEOUT_MS} ms.` });
    const expected = newestShippedMigration();
    if (applied === null || (expected && applied < expected.when)) {
      return unready({ database: 'ok', migration: null, error: 'Migrations are pending.' });
    }
    const migration = expected && applied === expected.when ? expected.tag : String(applied);
    return new Response(JSON.stringify({ database: 'ok', migration }), { status: 200, headers: HEALTH_HEADERS });
  } catch {
    return unready({ database: 'unreachable', error: 'The database does not answer.' });
  } finally {
    clearTimeout(timer);
  }
}
