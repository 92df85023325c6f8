import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

/*
 * A person's own sessions, as /account/sessions shows them. A session is named by the first 16 characters of
 * its stored hash (never the cookie's token, which the server does not keep), and every change is limited to
 * the asking user's own rows, so nobody can end someone else's session by guessing a name.
 */

export interface SessionSummary {
  id: string;
  device: string;
  method: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** "Firefox on Windows" from a User-Agent; good enough to recognise one's own devices. */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

const ofUser = (userId: string) => sql`${sessions.sess}->>'userId' = ${userId}`;
export const sessionName = (sid: string) => sid.slice(0, 16);

export async function listUserSessions(db: Db, userId: string, currentSid: string | null, now = new Date()): Promise<SessionSummary[]> {
  const rows = await db.select().from(sessions).where(ofUser(userId));
  return rows
    .filter((row) => row.expire.getTime() > now.getTime())
    .map((row) => {
      const { sess } = row;
      const lastUsed = [sess.lastUsedAt, sess.renewedAt, sess.createdAt].filter(Boolean).sort().pop()!;
      return {
        id: sessionName(row.sid),
        device: deviceOf(sess.userAgent),
        method: sess.method ?? 'unknown',
        createdAt: sess.createdAt,
        lastUsedAt: lastUsed,
        current: row.sid === currentSid,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Ends one of the user's own sessions by its name; false when the user has no such session. */
export async function endOwnSession(db: Db, userId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  const gone = await db
    .delete(sessions)
    .where(and(ofUser(userId), like(sessions.sid, `${id}%`)))
    .returning({ sid: sessions.sid });
  return gone.length > 0;
}

/** Ends every session of the user but the current one; returns how many ended. */
export async function endOtherSessions(db: Db, userId: string, currentSid: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(ofUser(userId), ne(sessions.sid, currentSid)))
    .returning({ sid: sessions.sid });
  return gone.length;
}

/** How many live sessions a user has (the owner's view of a viewer). */
export async function countUserSessions(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(and(ofUser(userId), sql`${sessions.expire} > now()`));
  return rows.length;
}


export interface SignedInViewer {
  id: string;
  email: string;
  sessions: number;
  lastUsedAt: string;
}

/**
 * Viewers with a live session, most recently active first (the 50 latest), for the owner's "end all their
 * sessions" action on /data-management/security. Admins end their own sessions on /account/sessions.
 */
export async function listSignedInViewers(db: Db, now = new Date()): Promise<SignedInViewer[]> {
  const live = await db.select().from(sessions).where(sql`${sessions.expire} > ${now}`);
  const byUser = new Map<string, { sessions: number; lastUsedAt: string }>();
  for (const { sess } of live) {
    const lastUsed = [sess.lastUsedAt, sess.renewedAt, sess.createdAt].filter(Boolean).sort().pop() ?? '';
    const seen = byUser.get(sess.userId);
    byUser.set(sess.userId, {
      sessions: (seen?.sessions ?? 0) + 1,
      lastUsedAt: seen && seen.lastUsedAt > lastUsed ? seen.lastUsedAt : lastUsed,
    });
  }
  if (byUser.size === 0) return [];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...byUser.keys()]), eq(users.role, 'viewer')));
  return people
    .map((person) => ({ ...person, ...byUser.get(person.id)! }))
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
    .slice(0, 50);
}
