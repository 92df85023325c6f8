import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

/*
 * Archives made by this site carry an HMAC-SHA256 of their manifest (which holds every other file's
 * SHA-256), keyed with ARCHIVE_SIGNING_KEY or, unset, a key made once and kept in the database's
 * archive_signing_key table, which no archive carries. Anyone can recompute a checksum; only this site
 * (or whoever was given its key) can make a signature, so the import preview can say where an archive
 * came from. A signature never makes an archive trusted with ways in: those are dropped whatever it says.
 */

export const SIGNATURE_PATH = 'manifest.sig';
const PREFIX = 'hmac-sha256:';

/** The key kept in the database, made on first use (a race between two exports keeps the first). */
async function storedKey(database: Database, create: boolean): Promise<string | null> {
  const read = async () => {
    const { rows } = await database.db.execute<{ key: string }>(sql`select key from archive_signing_key where id = 1`);
    return rows[0]?.key ?? null;
  };
  const existing = await read();
  if (existing || !create) return existing;
  const key = randomBytes(32).toString('base64url');
  await database.db.execute(sql`insert into archive_signing_key (id, key) values (1, ${key}) on conflict (id) do nothing`);
  return read();
}

/** The key new archives are signed with: ARCHIVE_SIGNING_KEY, else the stored one (made now if need be). */
export async function signingKey(database: Database, cfg: Config): Promise<string> {
  return cfg.ARCHIVE_SIGNING_KEY ?? (await storedKey(database, true))!;
}

/** Every key an archive of this site may be signed with: the configured one and the stored one. */
async function verifyingKeys(database: Database, cfg: Config): Promise<string[]> {
  const stored = await storedKey(database, false);
  return [cfg.ARCHIVE_SIGNING_KEY, stored].filter((key): key is string => Boolean(key));
}

const hmac = (key: string, manifest: Uint8Array) => createHmac('sha256', key).update(manifest).digest();

/** The signature file's contents for a manifest's exact bytes. */
export function signManifest(key: string, manifest: Uint8Array): Uint8Array {
  return new TextEncoder().encode(`${PREFIX}${hmac(key, manifest).toString('hex')}\n`);
}

/** Whether `signature` is this site's signature of the manifest's exact bytes. */
export async function madeByThisSite(
  database: Database,
  cfg: Config,
  manifest: Uint8Array,
  signature: Uint8Array | undefined,
): Promise<boolean> {
  if (!signature) return false;
  const text = new TextDecoder().decode(signature).trim();
  if (!text.startsWith(PREFIX) || !/^[0-9a-f]{64}$/.test(text.slice(PREFIX.length))) return false;
  const given = Buffer.from(text.slice(PREFIX.length), 'hex');
  return (await verifyingKeys(database, cfg)).some((key) => timingSafeEqual(hmac(key, manifest), given));
}
