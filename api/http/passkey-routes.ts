import { passkeyCreate, passkeySignIn } from '#domain/shapes.ts';
import { clientAddressOf } from '../auth/origin.ts';
import {
  listPasskeys,
  PasskeyRefusal,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInOptions,
  verifyPasskeySignIn,
} from '../auth/passkeys.ts';
import { signInAttempt } from '../auth/rate-limit.ts';
import { completeSignIn, recordRefusedSignIn, tooManyAttempts } from '../auth/sign-in.ts';
import { requireFreshSignIn } from '../auth/step-up.ts';
import type { SessionUser } from '../auth/types.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import type { RequestContext } from './context.ts';
import { badRequest, HttpError, notFound } from './errors.ts';
import { readJson } from './body.ts';
import { requireAdmin } from './guards.ts';
import { handle, json, noContent } from './respond.ts';
import { parseId } from '../services/projects.ts';

/*
 * The passkey endpoints. Management (/api/passkeys…) is for admins, each for their own passkeys; the two
 * sign-in endpoints (/api/login/passkey…) are open, and like every sign-in door count against the
 * client address's attempts. The middleware has already refused writes from other origins.
 */

/** Astro's endpoint context carries the client address too (the rate limit reads it). */
type AddressedContext = RequestContext & { clientAddress: string };

const addressOf = (context: AddressedContext) => clientAddressOf(context, config());

/** Counts a sign-in attempt; a 429 with Retry-After when the address is over its limit. */
async function brake(context: AddressedContext): Promise<void> {
  const wait = await signInAttempt(db(), addressOf(context), config());
  if (wait === null) return;
  const outcome = tooManyAttempts(wait);
  if ('problem' in outcome) throw new RateLimited(outcome.problem.message, wait);
}

class RateLimited extends HttpError {
  readonly retryAfter: number;
  constructor(message: string, retryAfter: number) {
    super(429, message);
    this.retryAfter = retryAfter;
  }
}

/**
 * Like `handle`, plus Retry-After on a 429 and a refusal's reason as a 400 (no field: the body was
 * well-formed). `refused` hears of every refusal first, for the security log.
 */
const handlePasskey = (run: () => Promise<Response>, refused?: (reason: string) => Promise<void>) =>
  handle(async () => {
    try {
      return await run();
    } catch (error) {
      if (refused && error instanceof HttpError) {
        await refused(error instanceof RateLimited ? 'too many attempts' : error.field ? `malformed body: ${error.field}` : error.message);
      } else if (refused && error instanceof PasskeyRefusal) {
        await refused(error.message);
      }
      if (error instanceof RateLimited) return json({ error: error.message }, 429, { 'Retry-After': String(error.retryAfter) });
      if (error instanceof PasskeyRefusal) return json({ error: error.message }, 400);
      throw error;
    }
  });

/** GET /api/passkeys: the signed-in admin's passkeys. POST: registers one (name + attestation). */
export const passkeysCollection = {
  GET: ({ locals }: RequestContext) =>
    handle(async () => {
      const user = requireAdmin(locals.user);
      return json(await listPasskeys(db(), user.id));
    }),
  POST: (context: AddressedContext) => {
    let user: SessionUser | null = null;
    return handlePasskey(
      async () => {
        const admin = requireAdmin(context.locals.user);
        requireFreshSignIn(admin, config());
        user = admin;
        await brake(context);
        const input = await readJson(context.request, passkeyCreate);
        const created = await registerPasskey(db(), config(), user, input);
        await recordPasskeyChange(context, user, 'passkey-registered', 'success', null, created);
        return json(created, 201);
      },
      // Only a signed-in admin's refused registration is worth a row; 401/403 are the middleware's everyday answers.
      async (reason) => {
        if (user) await recordPasskeyChange(context, user, 'passkey-registered', 'refused', reason);
      },
    );
  },
};

function recordPasskeyChange(
  context: AddressedContext,
  user: SessionUser,
  kind: 'passkey-registered' | 'passkey-removed',
  outcome: 'success' | 'refused',
  reason: string | null,
  passkey?: { id: number; name: string },
): Promise<void> {
  return recordSecurityEvent(db(), {
    kind,
    outcome,
    reason,
    userId: user.id,
    email: user.email,
    method: 'passkey',
    clientAddress: addressOf(context),
    detail: passkey ? { passkeyId: passkey.id, name: passkey.name } : null,
  });
}

/** POST /api/passkeys/options: the options (and a fresh challenge) for navigator.credentials.create(). */
export const passkeyRegistrationOptions = {
  POST: (context: AddressedContext) =>
    handlePasskey(async () => {
      const user = requireAdmin(context.locals.user);
      requireFreshSignIn(user, config());
      await brake(context);
      return json(await registrationOptions(db(), config(), user));
    }),
};

/** DELETE /api/passkeys/{id}: removes one of the admin's own passkeys. */
export const passkeyItem = {
  DELETE: (context: AddressedContext) =>
    handle(async () => {
      const user = requireAdmin(context.locals.user);
      requireFreshSignIn(user, config());
      const id = parseId(context.params.id);
      if (id === null) throw badRequest('id: must be a positive whole number', 'id');
      const removed = await removePasskey(db(), user.id, id);
      if (!removed) throw notFound('Passkey not found.');
      await recordPasskeyChange(context, user, 'passkey-removed', 'success', null, removed);
      return noContent();
    }),
};

/** POST /api/login/passkey/options: a fresh challenge for navigator.credentials.get(); anyone may ask. */
export const passkeySignInOptions = {
  POST: (context: AddressedContext) =>
    handlePasskey(async () => {
      await brake(context);
      return json(await signInOptions(db(), config()));
    }),
};

/**
 * POST /api/login/passkey: signs in with an assertion. The answer is JSON (the page's script reads it)
 * carrying the new session cookie and where to go; a refusal is a 400 saying why.
 */
export const passkeySignInRoute = {
  POST: (context: AddressedContext) =>
    handlePasskey(
      async () => {
        await brake(context);
        const { response } = await readJson(context.request, passkeySignIn);
        const { userId, email } = await verifyPasskeySignIn(db(), config(), response);
        const who = { userId, email, method: 'passkey', address: addressOf(context) };
        const redirect = await completeSignIn(db(), who, context.request, context.url);
        const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        for (const line of redirect.headers.getSetCookie()) headers.append('Set-Cookie', line);
        return new Response(JSON.stringify({ location: redirect.headers.get('Location') ?? '/' }), { status: 200, headers });
      },
      (reason) => recordRefusedSignIn(db(), 'passkey', addressOf(context), reason),
    ),
};
