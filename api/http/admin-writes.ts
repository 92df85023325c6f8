import type { SessionUser } from '../auth/types.ts';
import type { Db } from '../db/client.ts';
import { recordSecurityEvent } from '../services/security-log.ts';

export interface WriteSeen {
  user: SessionUser | null;
  method: string;
  /** Astro's route pattern (`/api/projects/[id]`), never the URL. */
  route: string;
  status: number;
  address: string;
}

/** Sign-in doors record their own, more precise rows (method, reason). */
const OWN_ROWS = /^\/api\/login(?:\/|$)/;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every successful write by an admin, recorded in one place (the middleware) so no endpoint can forget it:
 * who, the HTTP method, the route pattern and the status. Never the body, the query or the URL's ids.
 */
export async function recordAdminWrite(db: Db, seen: WriteSeen): Promise<void> {
  if (seen.user?.role !== 'admin' || SAFE.has(seen.method) || seen.status >= 400 || OWN_ROWS.test(seen.route)) return;
  await recordSecurityEvent(db, {
    kind: 'admin-write',
    outcome: 'success',
    userId: seen.user.id,
    email: seen.user.email,
    method: seen.method,
    route: seen.route,
    status: seen.status,
    clientAddress: seen.address,
  });
}
