import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  recoveryCodeSummary,
  redeemRecoveryCode,
  RECOVERY_CODE_COUNT,
} from './recovery-codes.ts';
import { memoryDatabase } from './test-db.ts';
import { newUserId } from './users.ts';

// A fresh in-memory database takes seconds to start and migrate on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
}, 60_000);
afterAll(() => close());

async function owner() {
  const [row] = await db.insert(users).values({ id: newUserId(), email: `${newUserId()}@example.test`, role: 'admin', emailVerified: true }).returning();
  return row!;
}

describe('a recovery code', () => {
  it('is 16 characters of Crockford base32 in four groups, 80 random bits, never the same twice', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{4}(-[0-9abcdefghjkmnpqrstvwxyz]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is read whatever its case, spaces and dashes, and the look-alike letters count as their digits', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe('abcdefghjkmnpqrs');
    expect(normaliseRecoveryCode('  ABCD EFGH\tJKMN–PQRS ')).toBe('abcdefghjkmnpqrs');
    expect(normaliseRecoveryCode('abcdefghjkmnpqrs')).toBe('abcdefghjkmnpqrs');
    expect(normaliseRecoveryCode('0000-1111-aaaa-bbbb')).toBe(normaliseRecoveryCode('OooO-iIlL-aaaa-bbbb'));
    // Too short, too long, or a letter no code has (u): no code at all.
    expect(normaliseRecoveryCode('abcd-efgh-jkmn')).toBeNull();
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqrs-t')).toBeNull();
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqru')).toBeNull();
    expect(normaliseRecoveryCode('')).toBeNull();
  });

  it('is kept as the SHA-256 of its normalised form', () => {
    expect(hashRecoveryCode('abcdefghjkmnpqrs')).toBe(createHash('sha256').update('abcdefghjkmnpqrs').digest('hex'));
  });
});

describe('a set of recovery codes', () => {
  it('is ten codes of which only the hashes are stored', async () => {
    const person = await owner();
    const codes = await generateRecoveryCodes(db, person.id);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    const rows = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.id));
    expect(rows.map((row) => row.codeHash).sort()).toEqual(codes.map((code) => hashRecoveryCode(normaliseRecoveryCode(code)!)).sort());
    expect(JSON.stringify(rows)).not.toContain(codes[0]!.replaceAll('-', '').slice(0, 8));
    const summary = await recoveryCodeSummary(db, person.id);
    expect(summary.unused).toBe(10);
    expect(summary.codes.map((code) => code.usedAt)).toEqual(Array(10).fill(null));
  });

  it('signs its owner in once per code, typed any way, and says when each was used', async () => {
    const person = await owner();
    const [first, second] = await generateRecoveryCodes(db, person.id);
    const at = new Date('2026-11-28T05:00:00Z');
    expect(await redeemRecoveryCode(db, ` ${first!.toUpperCase().replaceAll('-', ' ')} `, at)).toEqual({ userId: person.id, email: person.email, unused: 9 });
    expect(await redeemRecoveryCode(db, first!, at)).toBeNull();
    expect(await redeemRecoveryCode(db, second!)).toMatchObject({ userId: person.id, unused: 8 });
    const summary = await recoveryCodeSummary(db, person.id);
    expect(summary.unused).toBe(8);
    expect(summary.codes[0]!.usedAt).toBe(at.toISOString());
  });

  it('lets only one of two uses of one code at the same moment succeed', async () => {
    const person = await owner();
    const [code] = await generateRecoveryCodes(db, person.id);
    const results = await Promise.all([redeemRecoveryCode(db, code!), redeemRecoveryCode(db, code!), redeemRecoveryCode(db, code!)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect((await recoveryCodeSummary(db, person.id)).unused).toBe(9);
  });

  it('is voided whole by a new set, used codes and unused alike', async () => {
    const person = await owner();
    const old = await generateRecoveryCodes(db, person.id);
    await redeemRecoveryCode(db, old[0]!);
    const fresh = await generateRecoveryCodes(db, person.id);
    for (const code of old) expect(await redeemRecoveryCode(db, code)).toBeNull();
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    const summary = await recoveryCodeSummary(db, person.id);
    expect(summary.unused).toBe(10);
    expect(summary.codes.every((code) => code.usedAt === null)).toBe(true);
    // Another person's set is untouched by this one's.
    const other = await owner();
    const others = await generateRecoveryCodes(db, other.id);
    await generateRecoveryCodes(db, person.id);
    expect(await redeemRecoveryCode(db, others[0]!)).toMatchObject({ userId: other.id });
  });

  it('refuses what is no code, and a code nobody has', async () => {
    expect(await redeemRecoveryCode(db, 'not a code')).toBeNull();
    expect(await redeemRecoveryCode(db, 'zzzz-zzzz-zzzz-zzzz')).toBeNull();
  });
});
