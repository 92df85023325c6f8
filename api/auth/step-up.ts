import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import type { SessionUser } from './types.ts';

/*
 * Step-up: a dangerous act (adding or removing a passkey, creating an access token, restoring an archive,
 * ending every session) needs a sign-in made within STEP_UP_SECONDS, not just any live session, which may be
 * 90 days old. A fresh sign-in (passkey, provider or owner link) starts a new session, so its time is the
 * session's `signed_in_at`; a session that does not know its sign-in time is never fresh.
 */

/** The `error` of the 403 a stale session gets; the pages' scripts look for it to ask "Confirm it's you". */
export const STEP_UP_REQUIRED = 'step_up_required';

/** True when the sign-in happened at most `seconds` ago (and not in the future: a clock that moved back). */
export function isFreshSignIn(signedInAt: string | Date | null | undefined, seconds: number, now = new Date()): boolean {
  if (!signedInAt) return false;
  const at = new Date(signedInAt).getTime();
  if (Number.isNaN(at)) return false;
  const age = now.getTime() - at;
  return age >= -60_000 && age <= seconds * 1000;
}

/** A 403 whose body says what is needed: `{ error: 'step_up_required', message, seconds }`. */
export class StepUpRequired extends HttpError {
  readonly seconds: number;
  constructor(seconds: number) {
    super(403, "Confirm it's you: this needs a sign-in from the last few minutes.");
    this.seconds = seconds;
  }

  override get body(): Record<string, unknown> {
    return { error: STEP_UP_REQUIRED, message: this.message, seconds: this.seconds };
  }
}

/** The guard every dangerous act calls after its role check and before reading its body. */
export function requireFreshSignIn(user: SessionUser, cfg: Pick<Config, 'STEP_UP_SECONDS'>, now = new Date()): void {
  if (!isFreshSignIn(user.signedInAt, cfg.STEP_UP_SECONDS, now)) throw new StepUpRequired(cfg.STEP_UP_SECONDS);
}
