import type { SessionUser } from '../auth/types.ts';
import { db, isEmbedded } from '../db/client.ts';
import { compressBytes, compressible, compressResponse, pickEncoding, type Encoding } from '../http/compress.ts';
import { finishHtml, isUnfinishedHtml } from '../http/finish-page.ts';
import { aggregatesValidity, metricAggregatesGeneration } from '../services/metric-aggregate-cache.ts';
import { nextDayBoundary } from './day-boundary.ts';
import { onInvalidate } from './invalidation.ts';

/*
 * The signed-in dashboard (`/`), finished and compressed, kept per person until something it shows may have
 * changed (issue 14's render p99). A render allocates megabytes of JavaScript heap (queries, React's stat
 * cards, the page read back for its CSP hashes, compression), and the collections that pay for it made the
 * slow tail (the figures: docs/performance.md). A kept copy costs the session's read and a copy of the
 * compressed bytes.
 *
 * What a copy depends on, and what drops it:
 * - Who reads it: a copy is keyed by the person's id and answers only a session whose user reads the same
 *   (name, email, picture, role: what the nav shows and which KPIs the role may see). Never another person's.
 * - The data: every write the server answers (any request that is not GET, HEAD or OPTIONS: KPIs, trends,
 *   activities, projects, metrics, points, imports, whatever a future route writes) empties the cache once it
 *   is done, before its answer leaves (src/middleware/dashboard-copy.ts calls `dashboardPagesChanged`); so does every
 *   invalidation (invalidation.ts: an import, a restore) and every write of points or metrics that empties the
 *   metric aggregates. A render that overlapped such a write is served but not kept.
 * - Time: a copy holds until the next midnight in OWNER_TIME_ZONE and until the first of the metric aggregates
 *   it read would change by time alone (the next month; a point dated in the future coming due).
 * - A render that left something out (a read failed) is never kept: the next request tries again.
 * Only on the embedded database, which one process alone opens, so every write passes here. On PostgreSQL
 * other processes (or Vercel functions) may write, and the dashboard is rendered on every request.
 */

interface Entry {
  /** The person as their session read them (JSON): a change of name, picture or role renders again. */
  user: string;
  /** The site's origin as the request named it (the canonical link falls back to it without SITE_URL). */
  origin: string;
  status: number;
  headers: Array<[string, string]>;
  html: Uint8Array<ArrayBuffer>;
  /** Compressed copies, made on first request for each encoding. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** The copy holds for from ≤ now < until (epoch ms). */
  from: number;
  until: number;
  /** The metric aggregates' generation it was rendered in. */
  aggregates: number;
}

/** One copy per person who reads the dashboard (the owner and a few viewers); the bound guards memory. */
const MAX_ENTRIES = 20;

const entries = new Map<string, Entry>();
let generation = 0;

/** Anything a dashboard shows may have changed: no copy kept so far, nor one rendering now, is served again. */
export function dashboardPagesChanged(): void {
  generation++;
  entries.clear();
}

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  onInvalidate(() => dashboardPagesChanged());
}

/** A GET of `/` (no query) by a signed-in person on the embedded database: the answer this cache keeps. */
export function isDashboardRequest(request: Request, url: URL, user: SessionUser | null): user is SessionUser {
  return user !== null && request.method === 'GET' && url.pathname === '/' && url.search === '' && isEmbedded(db());
}

/** How many copies are kept (for tests). */
export function keptDashboardPages(): number {
  return entries.size;
}

/**
 * The dashboard for `user`, finished (finish-page.ts) and compressed for this request: the kept copy while
 * it holds, else `render()`'s answer, kept when it may be. `incomplete()` says whether the render left
 * something out; it is asked once the page has been read.
 */
export async function dashboardPage(
  request: Request,
  url: URL,
  user: SessionUser,
  zone: string,
  render: () => Promise<Response>,
  incomplete: () => boolean,
  now = Date.now(),
): Promise<Response> {
  listen();
  const who = JSON.stringify(user);
  const kept = entries.get(user.id);
  if (
    kept &&
    kept.user === who &&
    kept.origin === url.origin &&
    kept.from <= now &&
    now < kept.until &&
    kept.aggregates === metricAggregatesGeneration()
  )
    return answer(kept, request, now);
  const started = generation;
  const aggregates = metricAggregatesGeneration();
  // The page is read inside the scope: Astro renders its components while its body is read.
  const { value: page, until } = await aggregatesValidity(async () => {
    const response = await render();
    if (!isUnfinishedHtml(response)) return { response, finished: null };
    return { response, finished: finishHtml(await response.text(), response.headers) };
  });
  // A redirect or an error page: sent as the middleware sends any other answer.
  if (!page.finished) return compressResponse(request, page.response);
  const { html, headers } = page.finished;
  const entry: Entry = {
    user: who,
    origin: url.origin,
    status: page.response.status,
    headers: [...headers],
    html: new TextEncoder().encode(html),
    encoded: {},
    from: now,
    until: Math.min(until, nextDayBoundary(zone, now)),
    aggregates,
  };
  const keep =
    entry.status === 200 &&
    !incomplete() &&
    !headers.has('Set-Cookie') &&
    started === generation &&
    aggregates === metricAggregatesGeneration() &&
    entry.until > now;
  if (keep) {
    if (entries.size >= MAX_ENTRIES && !entries.has(user.id)) entries.delete(entries.keys().next().value!);
    entries.set(user.id, entry);
  }
  return answer(entry, request);
}

/**
 * A fresh response from a copy, compressed as compress.ts would (the compressed bytes are kept with it). A kept
 * copy says how old it is (`Age`, in seconds, as any cache does: RFC 9111 5.1); a page just rendered has none.
 */
async function answer(entry: Entry, request: Request, readAt?: number): Promise<Response> {
  const headers = new Headers(entry.headers);
  if (readAt !== undefined) headers.set('Age', String(Math.max(0, Math.floor((readAt - entry.from) / 1000))));
  let body = entry.html;
  if (compressible(headers.get('Content-Type'), body.length)) {
    headers.append('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(request.headers.get('Accept-Encoding'));
    if (encoding) {
      body = entry.encoded[encoding] ??= new Uint8Array(await compressBytes(entry.html, encoding));
      headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(body.length));
    }
  }
  return new Response(body, { status: entry.status, headers });
}
