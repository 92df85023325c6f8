import { eq, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, looksLikeToken, randomToken, tokenMatches } from './tokens.ts';
import type { SessionUser } from './types.ts';
import { applyRole, toSessionUser } from './users.ts';

/*
 * Sessions as Lucia's current guide prescribes: the browser holds a random token, the database
 * only its SHA-256 (`sessions.sid`), so a leaked table cannot be replayed as cookies.
 */
const DAY = 24 * 60 * 60 * 1000;
/** Idle timeout: a session unused for 30 days ends. */
export const SESSION_IDLE_MS = 30 * DAY;
/** The idle deadline moves forward at most once a day (one write per user per day, not per request). */
export const SESSION_RENEW_AFTER_MS = DAY;
/** Absolute lifetime: however active, a session ends 90 days after sign-in. */
export const SESSION_MAX_AGE_MS = 90 * DAY;

export interface ValidSession {
  user: SessionUser;
  expiresAt: Date;
  /** True when this request moved the idle deadline, so the cookie must be sent again. */
  renewed: boolean;
}

/** A new session for a user; the caller sets the cookie. Expired rows are swept on the way. */
export async function createSession(db: Db, userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  await deleteExpiredSessions(db, now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    sid: hashToken(token),
    sess: { userId, createdAt: now.toISOString(), renewedAt: now.toISOString() },
    expire: expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The user behind a cookie token, or null. Ends the session when it is past its idle or absolute
 * deadline, or when its user no longer holds the role it had (a demoted admin is signed out).
 */
export async function validateSessionToken(db: Db, token: string | undefined, cfg: Config, now = new Date()): Promise<ValidSession | null> {
  if (!looksLikeToken(token)) return null;
  const sid = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .where(eq(sessions.sid, sid));
  if (!row || !tokenMatches(token, row.session.sid)) return null;

  const { sess, expire } = row.session;
  const hardEnd = new Date(sess.createdAt).getTime() + SESSION_MAX_AGE_MS;
  if (now.getTime() >= expire.getTime() || now.getTime() >= hardEnd || Number.isNaN(hardEnd)) {
    await db.delete(sessions).where(eq(sessions.sid, sid));
    return null;
  }

  const user = await applyRole(db, row.user, cfg);
  if (row.user.role === 'admin' && user.role !== 'admin') return null; // applyRole ended the sessions

  let expiresAt = expire;
  let renewed = false;
  if (now.getTime() - new Date(sess.renewedAt).getTime() >= SESSION_RENEW_AFTER_MS) {
    expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, hardEnd));
    renewed = true;
    await db
      .update(sessions)
      .set({ expire: expiresAt, sess: { ...sess, renewedAt: now.toISOString() } })
      .where(eq(sessions.sid, sid));
  }
  return { user: toSessionUser(user), expiresAt, renewed };
}

/** Ends the session a token belongs to (sign-out). */
export async function invalidateSession(db: Db, token: string | undefined): Promise<void> {
  if (!looksLikeToken(token)) return;
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

/** Renewals never move `expire` past the absolute end, so one condition sweeps both kinds of expiry. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expire, now));
}
