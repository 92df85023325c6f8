import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { ownerEmail } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, userAccounts, users } from '../db/schema.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { roleFor } from './roles.ts';
import type { SessionUser } from './types.ts';

type UserRow = typeof users.$inferSelect;

export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
  role: row.role === 'admin' ? 'admin' : 'viewer',
});

export const newUserId = () => crypto.randomUUID();

/** Ends every session of a user (demotion, account take-over by a verified address). */
export async function endUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
}

/**
 * Stores the role a user should have now. A demoted user's sessions end, so a removed admin
 * cannot keep acting with a session opened before the change. Returns the updated row.
 */
export async function applyRole(db: Db, row: UserRow, cfg: Config): Promise<UserRow> {
  const role = roleFor(row.email, row.emailVerified, cfg);
  if (role === row.role) return row;
  const [updated] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, row.id)).returning();
  if (row.role === 'admin') await endUserSessions(db, row.id);
  await recordSecurityEvent(db, {
    kind: 'role-change',
    outcome: 'success',
    userId: row.id,
    email: row.email,
    reason: `${row.role} → ${role} (ADMIN_EMAILS and the owner's address decide roles)`,
    detail: { from: row.role, to: role },
  });
  return updated ?? { ...row, role };
}

/** Start-up pass over every account (ADMIN_EMAILS may have changed since the last start). */
export async function reevaluateRoles(db: Db, cfg: Config): Promise<{ promoted: number; demoted: number }> {
  let promoted = 0;
  let demoted = 0;
  for (const row of await db.select().from(users)) {
    const updated = await applyRole(db, row, cfg);
    if (updated.role === row.role) continue;
    if (updated.role === 'admin') promoted++;
    else demoted++;
  }
  return { promoted, demoted };
}

/**
 * A verified address takes over an account that so far only had an unverified claim to it: the
 * identities that made the unverified claim are unlinked and their sessions end, so whoever
 * registered someone else's address first keeps no way in (pre-account take-over).
 */
export async function claimVerified(db: Db, row: UserRow): Promise<UserRow> {
  if (row.emailVerified) return row;
  await db.delete(userAccounts).where(eq(userAccounts.userId, row.id));
  await endUserSessions(db, row.id);
  const [updated] = await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, row.id)).returning();
  return updated ?? { ...row, emailVerified: true };
}

/** The owner's account, created on first use; the one-time link vouches for its address. */
export async function ownerAccount(db: Db, cfg: Config): Promise<UserRow> {
  const email = ownerEmail(cfg);
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) return applyRole(db, await claimVerified(db, existing), cfg);
  const [created] = await db
    .insert(users)
    .values({ id: newUserId(), email, emailVerified: true, role: roleFor(email, true, cfg) })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Two first sign-ins raced; the other one created it.
  const [raced] = await db.select().from(users).where(eq(users.email, email));
  if (!raced) throw new Error('The owner account could not be created.');
  return applyRole(db, raced, cfg);
}
