import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loginLinks } from '../db/schema.ts';
import { hashToken, looksLikeToken, randomToken } from './tokens.ts';

/**
 * The owner's way in that needs no provider and no network: a one-time link printed to the server
 * console (only someone who can read the server's output can use it). The database keeps the
 * link token's hash; a link works once, for 15 minutes.
 */
export const OWNER_LINK_TTL_MS = 15 * 60 * 1000;
export const OWNER_LINK_PATH = '/api/login/owner';

/** The public origin the printed link points at: SITE_URL, else this machine's port. */
export const siteOrigin = (cfg: Config) => (cfg.SITE_URL ? new URL(cfg.SITE_URL).origin : `http://localhost:${cfg.PORT}`);

/** Makes a fresh link and returns its absolute URL (the only place the token ever appears). */
export async function createOwnerLink(db: Db, origin: string, now = new Date()): Promise<string> {
  // Used and expired links are worthless; keep the table small.
  await db.delete(loginLinks).where(lt(loginLinks.expiresAt, now));
  const token = randomToken();
  await db.insert(loginLinks).values({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + OWNER_LINK_TTL_MS), createdAt: now });
  const url = new URL(OWNER_LINK_PATH, origin);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Spends a link: true exactly once per unexpired link. The check and the marking are one UPDATE,
 * so two requests racing with the same link cannot both succeed.
 */
export async function redeemOwnerLink(db: Db, token: string | null, now = new Date()): Promise<boolean> {
  if (!looksLikeToken(token)) return false;
  const spent = await db
    .update(loginLinks)
    .set({ usedAt: now })
    .where(and(eq(loginLinks.tokenHash, hashToken(token)), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)))
    .returning({ tokenHash: loginLinks.tokenHash });
  return spent.length === 1;
}

/** The console line; tests and docs/auth.md rely on its exact shape. */
export const ownerLinkLine = (url: string) => `Owner sign-in: ${url}`;
