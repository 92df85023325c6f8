import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { passkeys, users, webauthnChallenges } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { siteOrigin } from './owner-link.ts';
import type { SessionUser } from './types.ts';

/*
 * Passkeys (WebAuthn) for admins: resident keys with user verification required, several per person.
 * Challenges live in the database (several server processes, serverless functions), each used at most
 * once and only for a few minutes; the browser sends it back inside clientDataJSON, which is how the
 * server finds it again.
 */

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The relying party: SITE_URL's origin and host (credentials are bound to both), else localhost:PORT. */
export function relyingParty(cfg: Config): { rpID: string; origin: string; rpName: string } {
  const origin = siteOrigin(cfg);
  return { rpID: new URL(origin).hostname, origin, rpName: 'Dashboard' };
}

export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** True for a synced (multi-device) passkey, false for one bound to a single authenticator. */
  synced: boolean;
}

const summary = (row: typeof passkeys.$inferSelect): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(summary);
}

/** Whether anyone has a passkey (the sign-in page then offers it, and OWNER_LINK=off is safe). */
export async function anyPasskeyExists(db: Db): Promise<boolean> {
  return (await db.select({ id: passkeys.id }).from(passkeys).limit(1)).length > 0;
}

/** Removes one of the person's own passkeys; null when they have none with that id. */
export async function removePasskey(db: Db, userId: string, id: number): Promise<PasskeySummary | null> {
  const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row ? summary(row) : null;
}

type Purpose = 'register' | 'sign-in';

async function storeChallenge(db: Db, challenge: string, purpose: Purpose, userId: string | null, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/**
 * Spends the challenge the browser signed: true exactly once per unexpired challenge issued for this
 * purpose (and person). One DELETE decides, so two requests racing with one challenge cannot both pass.
 */
async function spendChallenge(db: Db, challenge: string, purpose: Purpose, userId: string | null, now: Date): Promise<boolean> {
  const owner = userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId);
  const spent = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), owner, gt(webauthnChallenges.expiresAt, now)))
    .returning({ challenge: webauthnChallenges.challenge });
  return spent.length === 1;
}

const clientData = z.looseObject({ type: z.string(), challenge: z.string().min(1).max(1024), origin: z.string() });

/** The challenge inside clientDataJSON; a 400 naming the field when it is not the JSON a browser sends. */
function challengeOf(clientDataJSON: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(isoBase64URL.toBuffer(clientDataJSON)));
  } catch {
    throw badRequest('response.response.clientDataJSON: is not base64url-encoded JSON', 'response.response.clientDataJSON');
  }
  const result = clientData.safeParse(parsed);
  if (!result.success) throw badRequest('response.response.clientDataJSON: lacks type, challenge or origin', 'response.response.clientDataJSON');
  return result.data.challenge;
}

/** A well-formed answer the server does not accept: the sign-in or registration is refused, and why. */
export class PasskeyRefusal extends Error {}

/** Options for navigator.credentials.create(); the challenge is kept for this person. */
export async function registrationOptions(db: Db, cfg: Config, user: SessionUser, now = new Date()): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingParty(cfg);
  const existing = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The same authenticator twice would be two names for one key.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', user.id, now);
  return options;
}

/** Verifies an attestation against this person's challenge and stores the new passkey. */
export async function registerPasskey(
  db: Db,
  cfg: Config,
  user: SessionUser,
  input: { name: string; response: RegistrationResponseJSON },
  now = new Date(),
): Promise<PasskeySummary> {
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!(await spendChallenge(db, challenge, 'register', user.id, now))) {
    throw new PasskeyRefusal('The registration took too long or was already used. Please try again.');
  }
  const { rpID, origin } = relyingParty(cfg);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new PasskeyRefusal(`The passkey could not be verified: ${(error as Error).message}`);
  }
  if (!verification.verified) throw new PasskeyRefusal('The passkey could not be verified.');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      name: input.name,
      transports: credential.transports ?? input.response.response.transports ?? null,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw new PasskeyRefusal('This passkey is already registered.');
  return summary(row);
}

/** Options for navigator.credentials.get(): no list of credentials, the authenticator offers its own (resident keys). */
export async function signInOptions(db: Db, cfg: Config, now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(cfg).rpID, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
  await storeChallenge(db, options.challenge, 'sign-in', null, now);
  return options;
}

/** Verifies an assertion; the signed-in person's id, or a PasskeyRefusal saying why not. */
export async function verifyPasskeySignIn(
  db: Db,
  cfg: Config,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<{ userId: string; email: string; passkeyId: number }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await spendChallenge(db, challenge, 'sign-in', null, now))) {
    throw new PasskeyRefusal('This sign-in request expired or was already used. Please try again.');
  }
  const [found] = await db
    .select({ passkey: passkeys, email: users.email, role: users.role })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id));
  if (!found) throw new PasskeyRefusal('This passkey is not registered here (it may have been removed).');
  const { rpID, origin } = relyingParty(cfg);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: found.passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(found.passkey.publicKey),
        counter: found.passkey.counter,
        transports: (found.passkey.transports ?? undefined) as AuthenticatorTransport[] | undefined,
      },
    });
  } catch (error) {
    throw new PasskeyRefusal(`The passkey could not be verified: ${(error as Error).message}`);
  }
  if (!verification.verified) throw new PasskeyRefusal('The passkey could not be verified.');
  // Passkeys are an admin's way in; someone no longer in ADMIN_EMAILS signs in with a provider like any viewer.
  if (found.role !== 'admin') throw new PasskeyRefusal('Passkeys are only for the site owner and admins.');
  // The counter moves only forward: the UPDATE's condition makes a racing replay of the same count lose.
  const newCounter = verification.authenticationInfo.newCounter;
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, found.passkey.id), newCounter > 0 ? lt(passkeys.counter, newCounter) : eq(passkeys.counter, 0)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw new PasskeyRefusal('The passkey could not be verified: its signature counter did not move forward.');
  return { userId: found.passkey.userId, email: found.email, passkeyId: found.passkey.id };
}
