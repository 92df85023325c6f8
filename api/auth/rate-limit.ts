import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { rateLimitKey } from '../http/request-origin.ts';

/**
 * Brute-force brake on the sign-in doors (provider start, callbacks, the owner link and the
 * "print a fresh link" button): per client address, counted in the database so the limit holds
 * across server instances (serverless functions share nothing else). Generous enough for a human
 * who mistypes, far too few for guessing.
 */
export const SIGN_IN_ATTEMPTS = 30;
export const SIGN_IN_WINDOW_SECONDS = 10 * 60;

const limiters = new WeakMap<Db, RateLimiterDrizzle>();

function limiterFor(db: Db): RateLimiterDrizzle {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: 'sign-in',
      points: SIGN_IN_ATTEMPTS,
      duration: SIGN_IN_WINDOW_SECONDS,
    });
    limiters.set(db, limiter);
  }
  return limiter;
}

/** Counts one attempt (an IPv6 address with the rest of its /64); returns the seconds to wait when the address is over its limit, else null. */
export async function signInAttempt(db: Db, address: string, cfg: Config): Promise<number | null> {
  if (cfg.DISABLE_RATE_LIMIT) return null;
  try {
    await limiterFor(db).consume(rateLimitKey(address || 'unknown'));
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}
