import { AsyncLocalStorage } from 'node:async_hooks';
import { onInvalidate } from '../cache/invalidation.ts';
import { isEmbedded, type Db } from '../db/client.ts';

/**
 * Metric aggregates (monthly values, this month against last) kept in memory between reads, so the
 * signed-in dashboard does not aggregate the same points on every render (issue 14's render p99).
 *
 * An answer is kept only while it cannot change: each comes with the instant until which time alone
 * leaves it as it is (the next month, the next point still in the future, the next point last month's
 * "same moment" reaches; see metric-aggregates.ts), and every write of a point or metric drops them all:
 * the services in metrics.ts call `metricAggregatesChanged()`, and any invalidation of `/` (every metric
 * write route announces one, after its commit; another process's, through NOTIFY) or of everything (an
 * import or restore) does the same. A read that overlapped a write does not keep its answer.
 *
 * Only on the embedded database, which one process alone can open, so it sees every write. On PostgreSQL
 * several processes (or Vercel functions, which hear no NOTIFY) may write, and the SQL runs every time.
 */

interface Entry {
  value: unknown;
  /** The `now` it was computed for: a read for an earlier instant computes afresh. */
  from: number;
  /** Epoch milliseconds; the answer holds for from ≤ now < until. */
  until: number;
}

/** A handful of keys in practice (KPIs, trends, public cards per zone); the bound only guards against misuse. */
const MAX_ENTRIES = 200;

const entries = new Map<string, Entry>();
let generation = 0;

/** Every cached aggregate may be wrong now: points or metrics were written. */
export function metricAggregatesChanged(): void {
  generation++;
  entries.clear();
}

/** Counts every write that emptied this cache: something built from its answers is stale once it moves. */
export function metricAggregatesGeneration(): number {
  return generation;
}

/*
 * What is built from aggregates (the signed-in dashboard's HTML, api/cache/dashboard-page-cache.ts) may be kept
 * only as long as every aggregate it read holds. The reads made inside `aggregatesValidity` report that
 * instant to it; a read that could not be kept (on PostgreSQL, or one that overlapped a write) reports its own
 * `now`, so what it went into is not kept either.
 */
const validity = new AsyncLocalStorage<{ until: number }>();

/** Runs `work`; `until` is the instant (epoch ms) before which every aggregate it read holds (Infinity: none read). */
export async function aggregatesValidity<T>(work: () => Promise<T>): Promise<{ value: T; until: number }> {
  const scope = { until: Infinity };
  const value = await validity.run(scope, work);
  return { value, until: scope.until };
}

function holdsUntil(until: number): void {
  const scope = validity.getStore();
  if (scope && until < scope.until) scope.until = until;
}

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  onInvalidate((invalidation) => {
    if (invalidation.kind === 'everything' || invalidation.paths.includes('/')) metricAggregatesChanged();
  });
}

/**
 * The cached answer for `key` at `now`, else `read.value()`'s, kept until `read.until()` (epoch ms;
 * null or not after `now`: not kept).
 */
export async function cachedAggregate<T>(
  db: Db,
  key: string,
  now: Date,
  read: { value: () => Promise<T>; until: () => Promise<number | null> },
): Promise<T> {
  const at = now.getTime();
  if (!isEmbedded(db)) {
    holdsUntil(at);
    return read.value();
  }
  listen();
  const hit = entries.get(key);
  if (hit && hit.from <= at && at < hit.until) {
    holdsUntil(hit.until);
    return hit.value as T;
  }
  const started = generation;
  const until = await read.until();
  const value = await read.value();
  if (started === generation && until !== null && until > at) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { value, from: at, until });
    holdsUntil(until);
  } else holdsUntil(at);
  return value;
}
