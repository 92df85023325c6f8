import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SECURITY_EVENT_KINDS, SECURITY_OUTCOMES, securityLogFilter } from '#domain/shapes.ts';
import type { Db } from '../db/client.ts';
import { securityEvents } from '../db/schema.ts';
import type { Job } from '../jobs.ts';
import { log } from '../log.ts';
import { addDays, zonedToUtc } from './owner-time.ts';

/**
 * The security log: one row per sign-in (or refusal), owner-link minted or redeemed, role change, passkey
 * change, session ended and admin write, shown to the owner at /data-management/security and kept 180 days.
 * Every value that came from a request goes into a column of its own, so none can forge a row or a log line.
 */
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export type SecurityOutcome = (typeof SECURITY_OUTCOMES)[number];
export type SecurityEvent = typeof securityEvents.$inferSelect;

export interface SecurityEventInput {
  kind: SecurityEventKind;
  outcome: SecurityOutcome;
  reason?: string | null | undefined;
  userId?: string | null | undefined;
  email?: string | null | undefined;
  /** Sign-in method (owner-link, github, oidc, passkey, recovery-code) or an admin write's HTTP method. */
  method?: string | null | undefined;
  route?: string | null | undefined;
  status?: number | null | undefined;
  clientAddress?: string | null | undefined;
  detail?: Record<string, unknown> | null | undefined;
}

/** Request-supplied text is cut to this length, so a flood of long values cannot grow the table without bound. */
const MAX_TEXT = 500;
const cut = (value: string | null | undefined) => (value == null ? null : storable(value.slice(0, MAX_TEXT)));

/**
 * PostgreSQL refuses NUL in text and jsonb, and a refused insert loses the event: a forger could hide a refusal
 * by putting one in what the provider "said". It is stored as U+FFFD instead.
 */
const storable = (text: string) => text.replaceAll('\0', '\uFFFD');
function storableDetail(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableDetail);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storable(key), storableDetail(inner)]));
  }
  return value;
}

/** How long events are kept. */
export const SECURITY_LOG_RETENTION_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes one event. Never throws: a sign-in or a write must not fail because its record could not be kept
 * (the failure is logged, with the kind only).
 */
export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  try {
    await db.insert(securityEvents).values({
      kind: event.kind,
      outcome: event.outcome,
      reason: cut(event.reason),
      userId: event.userId ?? null,
      email: cut(event.email),
      method: cut(event.method),
      route: cut(event.route),
      status: event.status ?? null,
      clientAddress: cut(event.clientAddress),
      detail: event.detail ? (storableDetail(event.detail) as Record<string, unknown>) : null,
    });
  } catch (error) {
    log.error({ kind: event.kind, reason: (error as Error)?.message }, 'Security log: an event could not be recorded');
  }
}

export type SecurityLogFilter = z.output<typeof securityLogFilter>;
export const SECURITY_PAGE_SIZE = 50;

/** One page of events, newest first, and how many match the filter in all. Days are the owner's (`zone`). */
export async function listSecurityEvents(
  db: Db,
  filter: SecurityLogFilter,
  zone: string,
  pageSize = SECURITY_PAGE_SIZE,
): Promise<{ events: SecurityEvent[]; total: number; page: number; pages: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(securityEvents.kind, filter.kind));
  if (filter.outcome) conditions.push(eq(securityEvents.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(securityEvents.at, zonedToUtc(`${filter.from}T00:00:00`, zone)));
  if (filter.to) conditions.push(lt(securityEvents.at, zonedToUtc(`${addDays(filter.to, 1)}T00:00:00`, zone)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(securityEvents).where(where);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filter.page ?? 1, pages);
  const events = await db
    .select()
    .from(securityEvents)
    .where(where)
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { events, total, page, pages };
}

/** Deletes events older than the retention period; returns how many went. */
export async function deleteOldSecurityEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SECURITY_LOG_RETENTION_DAYS * DAY_MS);
  const gone = await db.delete(securityEvents).where(lt(securityEvents.at, cutoff)).returning({ id: securityEvents.id });
  return gone.length;
}

/** The retention job (scheduled at start-up by api/auth/startup.ts): twice a day is plenty for a 180-day window. */
export const securityLogRetentionJob = (db: Db): Job => ({
  name: 'security log retention',
  everyMs: 12 * 60 * 60 * 1000,
  run: async () => {
    await deleteOldSecurityEvents(db);
  },
});

/** How the security page names each kind. */
export const SECURITY_KIND_LABELS: Readonly<Record<SecurityEventKind, string>> = {
  'sign-in': 'Sign-in',
  'owner-link-minted': 'Owner link made',
  'owner-link-redeemed': 'Owner link used',
  'role-change': 'Role change',
  'admin-write': 'Admin change',
  'session-ended': 'Session ended',
  'passkey-registered': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'recovery-codes-made': 'Recovery codes made',
  import: 'Archive imported',
};
