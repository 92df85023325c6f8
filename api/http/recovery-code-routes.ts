import { clientAddressOf } from '../auth/origin.ts';
import { generateRecoveryCodes, recoveryCodeSummary } from '../auth/recovery-codes.ts';
import { requireFreshSignIn } from '../auth/step-up.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import type { RequestContext } from './context.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/*
 * The signed-in admin's own recovery codes (ADR 027): see how many are left, or make a fresh set, which
 * voids the old one (after a fresh sign-in: api/auth/step-up.ts). Signing in with a code is the HTML form at /api/login/recovery-code.
 */

/** Astro's endpoint context carries the client address too (the security log keeps it). */
type AddressedContext = RequestContext & { clientAddress: string };

/** GET /api/recovery-codes: how many codes are left and when each was used. POST: a fresh set, shown once. */
export const recoveryCodesCollection = {
  GET: ({ locals }: RequestContext) =>
    handle(async () => {
      const user = requireAdmin(locals.user);
      return json(await recoveryCodeSummary(db(), user.id));
    }),
  POST: (context: AddressedContext) =>
    handle(async () => {
      const user = requireAdmin(context.locals.user);
      // A new set is a new way in (and voids the old one): a dangerous act, like adding a passkey.
      requireFreshSignIn(user, config());
      const before = await recoveryCodeSummary(db(), user.id);
      const codes = await generateRecoveryCodes(db(), user.id);
      await recordSecurityEvent(db(), {
        kind: 'recovery-codes-made',
        outcome: 'success',
        userId: user.id,
        email: user.email,
        clientAddress: clientAddressOf(context, config()),
        detail: { count: codes.length, voided: before.unused },
      });
      return json({ ...(await recoveryCodeSummary(db(), user.id)), recoveryCodes: codes }, 201);
    }),
};
