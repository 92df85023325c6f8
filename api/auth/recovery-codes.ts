import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';

/*
 * Recovery codes (ADR 027): ten one-time codes, a way back in when every passkey is lost. Each is 16
 * characters of Crockford's base32 (80 random bits), so a plain SHA-256 is enough to keep: nobody can try
 * 2^80 guesses against a leaked table, and the sign-in door allows 30 a client every 10 minutes.
 */

export const RECOVERY_CODE_COUNT = 10;
const CODE_LENGTH = 16;
/** Crockford's base32: no I, L, O or U, so what is read aloud or copied by hand stays unambiguous. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const NORMALISED = /^[0-9abcdefghjkmnpqrstvwxyz]{16}$/;

/** One fresh code, `xxxx-xxxx-xxxx-xxxx`: 10 random bytes, 5 bits a character. */
export function newRecoveryCode(): string {
  const bytes = randomBytes((CODE_LENGTH * 5) / 8);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code.match(/.{4}/g)!.join('-');
}

/**
 * A typed code as stored: case, spaces and dashes ignored, and the letters Crockford's base32 leaves out
 * read as the digits they look like (o → 0, i and l → 1). Null when it cannot be a code at all.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed
    .toLowerCase()
    .replace(/[\s\-\u2010-\u2015\u2212]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  return NORMALISED.test(code) ? code : null;
}

/** What is kept of a code: the SHA-256 of its normalised form, hex. */
export const hashRecoveryCode = (normalised: string) => createHash('sha256').update(normalised).digest('hex');

export interface RecoveryCodeSummary {
  /** When the current set was made; null when the person has none. */
  createdAt: string | null;
  unused: number;
  /** Every code of the set, by its place in it (1–10), with when it was used; never the code. */
  codes: { number: number; usedAt: string | null }[];
}

export async function recoveryCodeSummary(db: Db, userId: string): Promise<RecoveryCodeSummary> {
  const rows = await db
    .select({ usedAt: recoveryCodes.usedAt, createdAt: recoveryCodes.createdAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .orderBy(asc(recoveryCodes.id));
  return {
    createdAt: rows[0]?.createdAt.toISOString() ?? null,
    unused: rows.filter((row) => row.usedAt === null).length,
    codes: rows.map((row, index) => ({ number: index + 1, usedAt: row.usedAt?.toISOString() ?? null })),
  };
}

/** A fresh set of codes for the person, voiding every code they had; the codes are returned this once. */
export async function generateRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normaliseRecoveryCode(code)!) })));
  });
  return codes;
}

/**
 * Spends a typed code: the person it belongs to and how many unused codes they have left, or null when it
 * is no code, unknown or already used (never saying which). One conditional UPDATE decides, so two requests
 * racing with one code cannot both pass.
 */
export async function redeemRecoveryCode(
  db: Db,
  typed: string,
  now = new Date(),
): Promise<{ userId: string; email: string; unused: number } | null> {
  const normalised = normaliseRecoveryCode(typed);
  if (!normalised) return null;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.codeHash, hashRecoveryCode(normalised)), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  if (!spent) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, spent.userId));
  if (!user) return null;
  const left = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, spent.userId), isNull(recoveryCodes.usedAt)));
  return { userId: spent.userId, email: user.email, unused: left.length };
}

/** Whether anyone holds an unused code (the sign-in page then offers the way in). */
export async function anyUnusedRecoveryCode(db: Db): Promise<boolean> {
  return (await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(isNull(recoveryCodes.usedAt)).limit(1)).length > 0;
}
