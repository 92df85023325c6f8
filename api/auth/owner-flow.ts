import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { readFormData } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import { printOwnerLine } from '../log.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { createOwnerLink, redeemOwnerLink, siteOrigin } from './owner-link.ts';
import { ownerLinksOn } from './owner-link-switch.ts';
import { signInAttempt } from './rate-limit.ts';
import { completeSignIn, recordRefusedSignIn, tooManyAttempts, type SignInOutcome } from './sign-in.ts';
import { ownerAccount } from './users.ts';

interface FlowRequest {
  request: Request;
  url: URL;
  address: string;
}

/**
 * POST /api/login/owner/redeem (form field `token`): spends the link and signs the owner in as admin.
 * Only this POST spends it: opening the link (GET) shows a confirmation page, because link previews
 * in chat apps and mail scanners open links by themselves and would otherwise use it up.
 */
export async function useOwnerLink(db: Db, cfg: Config, { request, url, address }: FlowRequest): Promise<SignInOutcome> {
  // The rate limit first: nobody gets a body read (or a link tried) past it.
  const wait = await signInAttempt(db, address, cfg);
  if (wait !== null) {
    await recordRefusedSignIn(db, 'owner-link', address, 'too many attempts');
    return tooManyAttempts(wait);
  }
  const token = await tokenFromForm(request);
  if (typeof token !== 'string' && token !== null) {
    await recordRefusedSignIn(db, 'owner-link', address, 'body too large');
    return token;
  }
  if (!(await redeemOwnerLink(db, token))) {
    await recordRefusedSignIn(db, 'owner-link', address, 'link expired, already used or unknown');
    return {
      problem: {
        status: 400,
        title: 'This sign-in link does not work',
        message: 'The link has expired (links last 15 minutes) or was already used. Ask for a fresh one on the sign-in page.',
      },
    };
  }
  const owner = await ownerAccount(db, cfg);
  await recordSecurityEvent(db, { kind: 'owner-link-redeemed', outcome: 'success', userId: owner.id, email: owner.email, clientAddress: address });
  return { response: await completeSignIn(db, { userId: owner.id, email: owner.email, method: 'owner-link', address }, request, url) };
}

/**
 * The `token` field of the confirmation form's body (read through the capped reader), null when the body
 * is not such a form, or the 413 problem when it is larger than any form of ours.
 */
async function tokenFromForm(request: Request): Promise<string | null | SignInOutcome> {
  try {
    const token = (await readFormData(request)).get('token');
    return typeof token === 'string' ? token : null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) {
      return { problem: { status: 413, title: 'This request is too large', message: 'The sign-in form sends a few short fields: this one was far larger, so it was not read.' } };
    }
    return null;
  }
}

/**
 * POST /api/login/owner: prints a fresh link to the server console, where only whoever runs the
 * server can read it, then back to the sign-in page with a note. The answer never contains the link.
 */

export async function printFreshOwnerLink(db: Db, cfg: Config, { address }: FlowRequest): Promise<SignInOutcome> {
  const wait = await signInAttempt(db, address, cfg);
  if (wait !== null) {
    await recordSecurityEvent(db, { kind: 'owner-link-minted', outcome: 'refused', reason: 'too many attempts', clientAddress: address });
    return tooManyAttempts(wait);
  }
  if (!(await ownerLinksOn(db, cfg))) {
    await recordSecurityEvent(db, { kind: 'owner-link-minted', outcome: 'refused', reason: `owner links are off (OWNER_LINK=${cfg.OWNER_LINK})`, clientAddress: address });
    return {
      problem: {
        status: 403,
        title: 'Owner sign-in links are off',
        message: `This server prints no sign-in links (OWNER_LINK=${cfg.OWNER_LINK}). Sign in with a passkey or a provider, or run \`npm run owner-link\` on the server.`,
      },
    };
  }
  printOwnerLine(await createOwnerLink(db, siteOrigin(cfg)));
  await recordSecurityEvent(db, { kind: 'owner-link-minted', outcome: 'success', reason: 'asked for on the sign-in page', clientAddress: address });
  return { response: new Response(null, { status: 303, headers: { Location: '/api/login?sent=1', 'Cache-Control': 'no-store' } }) };
}
