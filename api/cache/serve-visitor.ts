import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheableRequest, RENDER_HEADER } from './cacheable.ts';
import { nextDayBoundary } from './day-boundary.ts';
import { onInvalidate } from './invalidation.ts';
import { matchesEtag, pickVariant, VisitorCache, type CachedAnswer, type Rendered, type Variant } from './visitor-cache.ts';
import { DEGRADED_RENDER_HEADER } from '#api/http/cache-headers.ts';
import { log } from '#api/log.ts';
import { REQUEST_ID_HEADER, ROUTE_PATTERN_HEADER, type RequestLine } from '#api/http/request-log.ts';
import { UNAVAILABLE_MESSAGE } from '#api/http/respond.ts';
import { RETRY_AFTER_SECONDS } from '#api/db/unavailable.ts';

/*
 * The visitor cache in front of Astro on the Node server. A cacheable request (see cacheable.ts) is
 * answered from memory; a miss is rendered by Astro in this process (`render(request)`, server/entry.ts)
 * without cookies and without compression, then kept until a write invalidates it or the owner's day ends
 * (compressed once for each encoding a client asks for).
 */

export interface VisitorCacheServer {
  /** Answers the request and returns true, or returns false for Astro to handle it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  cache: VisitorCache;
  close(): void;
}

export interface VisitorCacheServerOptions {
  /** Astro's answer to a request, rendered in this process. */
  render: (request: Request) => Promise<Response>;
  maxBytes: number;
  timeZone: string;
  /** The public origin of a request (api/http/request-origin.ts): what it is rendered for, and part of its key. */
  originOf: (req: IncomingMessage) => string;
  /** The id of a visitor's request (a trusted proxy's X-Request-Id, else a fresh one): echoed and logged. */
  requestIdOf?: (req: IncomingMessage) => string;
  /** Called for each answer the cache gives (the request log): the same fields as Astro's requests. */
  onAnswer?: (line: RequestLine) => void;
  /** How long a render may run before its waiters get 503 (default RENDER_TIMEOUT_MS). */
  renderTimeoutMs?: number;
}

/**
 * A render that has run this long is taken for hung (a page renders in tens of milliseconds): its
 * waiters get 503 with Retry-After, like a page during a database outage, within 2 s.
 */
export const RENDER_TIMEOUT_MS = 1500;
/** The first render of a kind of page loads and compiles its code: on a cold, busy server that takes seconds. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;
/**
 * Renders share one thread (and PGlite one connection): more at once only makes each slower, and when
 * misses come faster than they render, all of them would miss the deadline together. Two at a time, the
 * rest in line (first come first served), each miss waiting for its turn at most WAIT_TIMEOUT_MS.
 */
const CONCURRENT_RENDERS = 2;
const WAIT_TIMEOUT_MS = 5000;
/**
 * Without SITE_URL the Host picks the origin a page's links are made with, so it is part of the key: the cache
 * keeps pages for the first few origins it sees and renders the rest each time, so made-up Host values cannot
 * fill it (with SITE_URL there is one origin, and other names are refused before they get here).
 */
export const MAX_ORIGINS = 8;

/** The name of the request id header on the wire (node:http's header names are lower case). */
const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase();

/** Headers the renderer's answer carries for this server only, or for one transfer: never kept or passed on. */
const NOT_PASSED_ON = [ROUTE_PATTERN_HEADER, REQUEST_ID, 'set-cookie', DEGRADED_RENDER_HEADER, 'transfer-encoding', 'connection', 'keep-alive'];

/** What a render that failed or timed out answers: the middleware's outage answer (api/http/respond.ts). */
const UNAVAILABLE_BODY = JSON.stringify({ error: UNAVAILABLE_MESSAGE });
const UNAVAILABLE_HEAD = [
  'content-type', 'application/json; charset=utf-8',
  'cache-control', 'no-store',
  'retry-after', String(RETRY_AFTER_SECONDS),
  'x-content-type-options', 'nosniff',
  'content-length', String(Buffer.byteLength(UNAVAILABLE_BODY)),
];


/** A stored answer's header pairs plus this request's id, through node:http's public writeHead. */
function writeHead(res: ServerResponse, status: number, pairs: readonly string[], requestId: string): void {
  const all = pairs.slice();
  all.push(REQUEST_ID, requestId);
  res.writeHead(status, all);
}

/** One visitor request: when it arrived, its id, and the path (the route when a render named none). */
interface Visit {
  started: number;
  requestId: string;
  path: string;
}


export function createVisitorCacheServer(options: VisitorCacheServerOptions): VisitorCacheServer {
  // Marks the cache's own renders for the middleware (it then names the route that rendered the page).
  const token = randomBytes(18).toString('base64url');
  const cache = new VisitorCache({
    maxBytes: options.maxBytes,
    expiresAt: () => nextDayBoundary(options.timeZone),
    concurrentRenders: CONCURRENT_RENDERS,
    renderTimeoutMs: options.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
    firstRenderTimeoutMs: options.renderTimeoutMs ?? FIRST_RENDER_TIMEOUT_MS,
    waitTimeoutMs: WAIT_TIMEOUT_MS,
  });
  const stopListening = onInvalidate((invalidation) => {
    if (invalidation.kind === 'everything') cache.invalidateEverything();
    else cache.invalidatePaths(invalidation.paths);
  });

  /** Astro renders the URL for a visitor; the answer's internal headers are taken off here, once. */
  async function render(req: IncomingMessage, url: string, locale: string | null, signal: AbortSignal): Promise<Rendered> {
    const headers = new Headers({ [RENDER_HEADER]: token, 'accept-encoding': 'identity' });
    if (locale) headers.set('accept-language', locale);
    // Aborted at the cache's deadline.
    const response = await options.render(new Request(new URL(url, options.originOf(req)), { headers, signal }));
    const body = Buffer.from(await response.arrayBuffer());
    const flat: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== ROUTE_PATTERN_HEADER && name !== REQUEST_ID && name !== 'set-cookie') flat[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) flat['set-cookie'] = cookies.join('\n');
    return { status: response.status, headers: flat, body, route: response.headers.get(ROUTE_PATTERN_HEADER) ?? undefined };
  }

  function logAnswer(req: IncomingMessage, route: string, status: number, visit: Visit): void {
    options.onAnswer?.({
      method: req.method ?? 'GET',
      route,
      status,
      durationMs: performance.now() - visit.started,
      requestId: visit.requestId,
    });
  }

  /** The hot path: a stored answer, its headers prepared when it was stored (a compressed variant: once first asked for). */
  function answerStored(req: IncomingMessage, res: ServerResponse, stored: CachedAnswer, visit: Visit): void {
    const variant = cache.variant(stored, pickVariant(req.headers['accept-encoding']));
    if ('then' in variant) {
      variant.then(
        (made) => answerVariant(req, res, stored, made, visit),
        (error: unknown) => answerUnavailable(req, res, visit, error),
      );
    } else {
      answerVariant(req, res, stored, variant, visit);
    }
  }

  function answerVariant(req: IncomingMessage, res: ServerResponse, stored: CachedAnswer, variant: Variant, visit: Visit): void {
    const ifNoneMatch = req.headers['if-none-match'];
    let status = stored.status;
    if (ifNoneMatch !== undefined && status === 200 && matchesEtag(ifNoneMatch, variant.etag)) {
      status = 304;
      writeHead(res, 304, variant.notModifiedHead, visit.requestId);
      res.end();
    } else {
      writeHead(res, status, variant.head, visit.requestId);
      res.end(req.method === 'HEAD' ? undefined : variant.body);
    }
    logAnswer(req, stored.route ?? visit.path, status, visit);
  }

  /** A render that was not kept (an error, or one an invalidation overtook): passed on as it came, minus cookies. */
  function answerRendered(req: IncomingMessage, res: ServerResponse, rendered: Rendered, visit: Visit): void {
    const headers = { ...rendered.headers };
    for (const name of NOT_PASSED_ON) delete headers[name];
    headers['content-length'] = String(rendered.body.byteLength);
    headers[REQUEST_ID] = visit.requestId;
    res.writeHead(rendered.status, headers);
    res.end(req.method === 'HEAD' ? undefined : rendered.body);
    logAnswer(req, rendered.route ?? visit.path, rendered.status, visit);
  }

  function answerUnavailable(req: IncomingMessage, res: ServerResponse, visit: Visit, error: unknown): void {
    log.error({ path: visit.path, reason: error instanceof Error ? error.message : String(error) }, 'The visitor cache could not render');
    if (res.headersSent) {
      res.destroy();
    } else {
      writeHead(res, 503, UNAVAILABLE_HEAD, visit.requestId);
      res.end(req.method === 'HEAD' ? undefined : UNAVAILABLE_BODY);
    }
    logAnswer(req, visit.path, 503, visit);
  }

  const origins = new Set<string>();

  return {
    cache,
    serve(req, res) {
      const origin = options.originOf(req);
      if (!origins.has(origin)) {
        if (origins.size >= MAX_ORIGINS) return false;
        origins.add(origin);
      }
      const target = cacheableRequest(req.method, req.url, req.headers, origin);
      if (!target) return false;
      const visit: Visit = { started: performance.now(), requestId: options.requestIdOf?.(req) ?? randomUUID(), path: target.path };
      const hit = cache.fresh(target.key);
      if (hit) {
        answerStored(req, res, hit, visit);
        return true;
      }
      cache.get(target.key, target.path, (signal) => render(req, target.url, target.locale, signal), target.onlyOk).then(
        (result) => ('variants' in result ? answerStored(req, res, result, visit) : answerRendered(req, res, result, visit)),
        (error: unknown) => answerUnavailable(req, res, visit, error),
      );
      return true;
    },
    close() {
      stopListening();
    },
  };
}
