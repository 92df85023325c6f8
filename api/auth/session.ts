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
/** "Last used" (shown on /account/sessions) is written at most this often per session. */
export const SESSION_LAST_USED_EVERY_MS = 5 * 60 * 1000;
/** Absolute lifetime: however active, a session ends 90 days after sign-in. */
export const SESSION_MAX_AGE_MS = 90 * DAY;

export interface ValidSession {
  user: SessionUser;
  expiresAt: Date;
  /** True when this request moved the idle deadline, so the cookie must be sent again. */
  renewed: boolean;
}

/** What /account/sessions shows of how a session began. */
export interface SessionOrigin {
  method?: string | undefined;
  userAgent?: string | null | undefined;
}

/** A new session for a user; the caller sets the cookie. Expired rows are swept on the way. */
export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
  origin: SessionOrigin = {},
): Promise<{ token: string; expiresAt: Date }> {
  await deleteExpiredSessions(db, now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  const stamp = now.toISOString();
  await db.insert(sessions).values({
    sid: hashToken(token),
    sess: {
      userId,
      createdAt: stamp,
      renewedAt: stamp,
      lastUsedAt: stamp,
      ...(origin.method ? { method: origin.method } : {}),
      ...(origin.userAgent ? { userAgent: origin.userAgent.slice(0, 300) } : {}),
    },
    expire: expiresAt,
    // Every session begins with a sign-in, so it is fresh for a while (api/auth/step-up.ts).
    signedInAt: now,
  });
  return { token, expiresAt };
}

/** A valid session whose renewal (if due) has not been written yet. */
export interface CheckedSession {
  user: SessionUser;
  expiresAt: Date;
  /**
   * Set when the idle deadline is due to move: writes it and returns the new deadline. The caller
   * runs it only when it can send the cookie again (never on an answer a shared cache may keep).
   */
  renew: (() => Promise<Date>) | null;
}

/**
 * The user behind a cookie token, or null. Ends the session when it is past its idle or absolute
 * deadline, or when its user no longer holds the role it had (a demoted admin is signed out).
 */
export async function checkSessionToken(db: Db, token: string | undefined, cfg: Config, now = new Date()): Promise<CheckedSession | null> {
  if (!looksLikeToken(token)) return null;
  const sid = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .where(eq(sessions.sid, sid));
  if (!row || !tokenMatches(token, row.session.sid)) return null;

  const { sess, expire, signedInAt } = row.session;
  const hardEnd = new Date(sess.createdAt).getTime() + SESSION_MAX_AGE_MS;
  if (now.getTime() >= expire.getTime() || now.getTime() >= hardEnd || Number.isNaN(hardEnd)) {
    await db.delete(sessions).where(eq(sessions.sid, sid));
    return null;
  }

  const user = await applyRole(db, row.user, cfg);
  if (row.user.role === 'admin' && user.role !== 'admin') return null; // applyRole ended the sessions

  const lastUsed = Date.parse(sess.lastUsedAt ?? sess.renewedAt);
  if (!(now.getTime() - lastUsed < SESSION_LAST_USED_EVERY_MS)) {
    // jsonb_set touches one field, so a renewal written at the same moment is not undone.
    await db
      .update(sessions)
      .set({ sess: sql`jsonb_set(${sessions.sess}, '{lastUsedAt}', to_jsonb(${now.toISOString()}::text))` })
      .where(eq(sessions.sid, sid));
  }

  let renew: CheckedSession['renew'] = null;
  if (now.getTime() - new Date(sess.renewedAt).getTime() >= SESSION_RENEW_AFTER_MS) {
    renew = async () => {
      const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, hardEnd));
      await db
        .update(sessions)
        .set({ expire: expiresAt, sess: { ...sess, renewedAt: now.toISOString(), lastUsedAt: now.toISOString() } })
        .where(eq(sessions.sid, sid));
      return expiresAt;
    };
  }
  return { user: { ...toSessionUser(user), signedInAt: signedInAt?.toISOString() ?? null }, expiresAt: expire, renew };
}

/** `checkSessionToken` with a due renewal written at once. */
export async function validateSessionToken(db: Db, token: string | undefined, cfg: Config, now = new Date()): Promise<ValidSession | null> {
  const session = await checkSessionToken(db, token, cfg, now);
  if (!session) return null;
  if (!session.renew) return { user: session.user, expiresAt: session.expiresAt, renewed: false };
  return { user: session.user, expiresAt: await session.renew(), renewed: true };
}

/** Ends the session a token belongs to (sign-out); the id of its user, or null when there was none. */
export async function invalidateSession(db: Db, token: string | undefined): Promise<string | null> {
  if (!looksLikeToken(token)) return null;
  const [ended] = await db.delete(sessions).where(eq(sessions.sid, hashToken(token))).returning({ sess: sessions.sess });
  return ended?.sess.userId ?? null;
}

/** Renewals never move `expire` past the absolute end, so one condition sweeps both kinds of expiry. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expire, now));
}
