import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { readFormData } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import { signInAttempt } from './rate-limit.ts';
import { redeemRecoveryCode } from './recovery-codes.ts';
import { completeSignIn, recordRefusedSignIn, tooManyAttempts, type SignInOutcome } from './sign-in.ts';

interface FlowRequest {
  request: Request;
  url: URL;
  address: string;
}

export const RECOVERY_METHOD = 'recovery-code';

/**
 * POST /api/login/recovery-code (form field `code`): spends one recovery code and signs its owner in. A wrong,
 * malformed and used code get the same answer, so the page never says whether a code once existed.
 */
export async function useRecoveryCode(db: Db, cfg: Config, { request, url, address }: FlowRequest): Promise<SignInOutcome> {
  // The rate limit first: nobody gets a body read (or a code tried) past it.
  const wait = await signInAttempt(db, address, cfg);
  if (wait !== null) {
    await recordRefusedSignIn(db, RECOVERY_METHOD, address, 'too many attempts');
    return tooManyAttempts(wait);
  }
  let typed: FormDataEntryValue | null = null;
  try {
    typed = (await readFormData(request)).get('code');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // Not a form, or not one that parses: no code was sent, which is answered like a wrong one.
    if (error.status !== 413) typed = null;
    else {
      await recordRefusedSignIn(db, RECOVERY_METHOD, address, 'body too large');
      return { problem: { status: 413, title: 'This request is too large', message: 'The form sends one short code: this was far larger, so it was not read.' } };
    }
  }
  const spent = typeof typed === 'string' ? await redeemRecoveryCode(db, typed) : null;
  if (!spent) {
    await recordRefusedSignIn(db, RECOVERY_METHOD, address, 'wrong, malformed or already used recovery code');
    return {
      problem: {
        status: 400,
        title: 'This recovery code does not work',
        message: 'Check the code and type it again, or try another of your codes: each works once.',
      },
    };
  }
  const who = { userId: spent.userId, email: spent.email, method: RECOVERY_METHOD, address };
  const response = await completeSignIn(db, who, request, url);
  return { response };
}
