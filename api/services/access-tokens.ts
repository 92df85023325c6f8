import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { tokenCreate } from '#domain/shapes.ts';
import { hashToken, randomToken } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { accessTokens } from '../db/schema.ts';
import { instantOf } from './owner-time.ts';

/**
 * Personal access tokens: they write data points and nothing else. The token is `pat_` + 160 random
 * bits, shown once; only its SHA-256 is stored, so a leaked database leaks no working token.
 */
export const TOKEN_PREFIX = 'pat_';

export type AccessToken = typeof accessTokens.$inferSelect;

/** What the admin area may see of a token: everything but the hash. */
export type TokenSummary = Omit<AccessToken, 'tokenHash'>;

const summary = ({ tokenHash: _hash, ...rest }: AccessToken): TokenSummary => rest;

export async function listTokens(db: Db): Promise<TokenSummary[]> {
  return (await db.select().from(accessTokens).orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))).map(
    summary,
  );
}

export async function createToken(
  db: Db,
  input: z.output<typeof tokenCreate>,
  zone: string,
): Promise<{ token: string; summary: TokenSummary }> {
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const [row] = await db
    .insert(accessTokens)
    .values({
      name: input.name,
      tokenHash: hashToken(token),
      metricKeys: input.metricKeys && input.metricKeys.length > 0 ? [...new Set(input.metricKeys)] : null,
      expiresAt: input.expiresAt ? instantOf(input.expiresAt, zone) : null,
    })
    .returning();
  return { token, summary: summary(row!) };
}

/** Revoking keeps the row (its name and last use stay visible); the token answers 401 from now on. */
export async function revokeToken(db: Db, id: number): Promise<TokenSummary | null> {
  const [row] = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)))
    .returning();
  if (row) return summary(row);
  const [existing] = await db.select().from(accessTokens).where(eq(accessTokens.id, id));
  return existing ? summary(existing) : null;
}

export const looksLikeAccessToken = (value: string): boolean => new RegExp(`^${TOKEN_PREFIX}[a-z2-7]{32}$`).test(value);

/**
 * The live token a secret belongs to, or null for a wrong, revoked or expired one (the caller answers
 * all three alike). The lookup is by hash, an exact-match index probe: nothing to time.
 */
export async function tokenFor(db: Db, secret: string, now = new Date()): Promise<AccessToken | null> {
  if (!looksLikeAccessToken(secret)) return null;
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, hashToken(secret)));
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return null;
  return row;
}

export const mayWrite = (token: AccessToken, metricKey: string): boolean =>
  token.metricKeys === null || token.metricKeys.includes(metricKey);

export async function markUsed(db: Db, id: number, now = new Date()): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id));
}
