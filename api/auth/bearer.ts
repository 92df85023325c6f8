import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { rateLimitKey } from '../http/request-origin.ts';

/**
 * Bearer tokens write data points and nothing else. Browsers never attach an Authorization header
 * on their own, so a bearer request cannot be forged by another site: it skips the origin check that
 * guards cookie sessions, and its cookies are ignored.
 */
const POINTS_PATH = /^\/api\/metrics\/[^/]+\/points\/?$/;

/** The token of an `Authorization: Bearer …` header, or null when there is none. */
export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : /^Bearer\b/i.test(header) ? '' : null;
}

/** The one endpoint a token opens: POST /api/metrics/{key}/points. */
export const isBearerEndpoint = (method: string, pathname: string): boolean =>
  method === 'POST' && POINTS_PATH.test(pathname);

/**
 * The scheduler's call to run the periodic jobs (api/http/jobs-route.ts): its bearer is CRON_SECRET, not an access
 * token, which the handler alone checks; it needs no session.
 */
export const isCronEndpoint = (method: string, pathname: string): boolean => method === 'GET' && pathname === '/api/jobs/run';

/** Wrong, revoked or expired tokens per client address: enough for a typo, far too few for guessing. */
export const TOKEN_FAILURES = 20;
export const TOKEN_FAILURE_WINDOW_SECONDS = 10 * 60;
/** Writes per token: a phone shortcut or a cron job never comes close; a runaway loop does. */
export const TOKEN_WRITES_PER_MINUTE = 120;

const limiters = new WeakMap<Db, { failures: RateLimiterDrizzle; writes: RateLimiterDrizzle }>();

function limitersFor(db: Db) {
  let pair = limiters.get(db);
  if (!pair) {
    pair = {
      failures: new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: 'token-failure',
        points: TOKEN_FAILURES,
        duration: TOKEN_FAILURE_WINDOW_SECONDS,
      }),
      writes: new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: 'token-write',
        points: TOKEN_WRITES_PER_MINUTE,
        duration: 60,
      }),
    };
    limiters.set(db, pair);
  }
  return pair;
}

const secondsOf = (refusal: RateLimiterRes) => Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

/** Seconds to wait when this address already spent its failed attempts, else null (counts nothing). */
export async function failuresBlocked(db: Db, address: string, cfg: Config): Promise<number | null> {
  if (cfg.DISABLE_RATE_LIMIT) return null;
  const state = await limitersFor(db).failures.get(rateLimitKey(address || 'unknown'));
  return state && state.consumedPoints >= TOKEN_FAILURES ? secondsOf(state) : null;
}

/** Counts one failed attempt from this address. */
export async function countFailure(db: Db, address: string, cfg: Config): Promise<void> {
  if (cfg.DISABLE_RATE_LIMIT) return;
  await limitersFor(db)
    .failures.consume(rateLimitKey(address || 'unknown'))
    .catch((refusal: unknown) => {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
    });
}

/** Counts one write by a token; the seconds to wait when it is over its limit, else null. */
export async function tokenWrite(db: Db, tokenId: number, cfg: Config): Promise<number | null> {
  if (cfg.DISABLE_RATE_LIMIT) return null;
  try {
    await limitersFor(db).writes.consume(String(tokenId));
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return secondsOf(refusal);
    throw refusal;
  }
}
