import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/**
 * Secrets handed to a browser (session cookies, one-time links): 160 random bits, as Lucia's
 * session guide prescribes (at least 128), in lowercase base32 so they survive URLs and cookies.
 */
export function randomToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database keeps instead of a secret: its SHA-256, hex. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** True when `token` hashes to `storedHash`, compared in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return constantTimeEqual(sha256(new TextEncoder().encode(token)), decodeHex(storedHash));
}

/** Constant-time equality of two short strings (OAuth state values). */
export function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.length === right.length && constantTimeEqual(left, right);
}

/** Our tokens are base32 of 20 bytes; anything else is refused before touching the database. */
export const looksLikeToken = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[a-z2-7]{32}$/.test(value);
