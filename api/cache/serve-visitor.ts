import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheableRequest, RENDER_HEADER } from './cacheable.ts';
import { nextDayBoundary } from './day-boundary.ts';
import { onInvalidate } from './invalidation.ts';
import { matchesEtag, pickVariant, VisitorCache, type CachedAnswer, type Rendered } from './visitor-cache.ts';
import { DEGRADED_RENDER_HEADER } from '#api/http/cache-headers.ts';
import { log } from '#api/log.ts';
import { REQUEST_ID_HEADER, ROUTE_PATTERN_HEADER, type RequestLine } from '#api/http/request-log.ts';

/*
 * The visitor cache in front of Astro on the Node server. A cacheable request (see cacheable.ts) is
 * answered from memory; a miss is rendered by Astro itself through a request to this same server
 * without cookies and without compression (marked by a per-process secret, so it is not answered from
 * the cache again), then compressed once and kept until a write invalidates it or the owner's day ends.
 */


export interface VisitorCacheServer {
  /** Answers the request and returns true, or returns false for Astro to handle it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Set once the server listens: misses are rendered through this address. */
  listening(port: number, host: string): void;
  cache: VisitorCache;
  close(): void;
}

export interface VisitorCacheServerOptions {
  maxBytes: number;
  timeZone: string;
  siteUrlSet: boolean;
  /** The id of a visitor's request (a trusted proxy's X-Request-Id, else a fresh one): echoed and logged. */
  requestIdOf?: (req: IncomingMessage) => string;
  /** Called for each answer the cache gives (the request log): the same fields as Astro's requests. */
  onAnswer?: (line: RequestLine) => void;
}

/** One visitor request: when it arrived, its id, and the path (the route when a render named none). */
interface Visit {
  started: number;
  requestId: string;
  path: string;
}

export function createVisitorCacheServer(options: VisitorCacheServerOptions): VisitorCacheServer {
  const token = randomBytes(18).toString('base64url');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let port = 0;
  let host = '127.0.0.1';
  const cache = new VisitorCache({ maxBytes: options.maxBytes, expiresAt: () => nextDayBoundary(options.timeZone) });
  const stopListening = onInvalidate((invalidation) => {
    if (invalidation.kind === 'everything') cache.invalidateEverything();
    else cache.invalidatePaths(invalidation.paths);
  });

  function render(req: IncomingMessage, url: string, locale: string | null): Promise<Rendered> {
    const headers: Record<string, string> = { [RENDER_HEADER]: token, 'accept-encoding': 'identity' };
    if (req.headers.host) headers.host = req.headers.host;
    if (locale) headers['accept-language'] = locale;
    for (const name of ['x-forwarded-proto', 'x-forwarded-host'] as const) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return new Promise((resolve, reject) => {
      const request = http.request({ host, port, path: url, method: 'GET', headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            flat[name] = Array.isArray(value) ? (name === 'set-cookie' ? value.join('\n') : value.join(', ')) : value;
          }
          resolve({ status: response.statusCode ?? 500, headers: flat, body: Buffer.concat(chunks) });
        });
      });
      request.on('error', reject);
      request.end();
    });
  }

  /** Headers for a visitor: this request's own id (never the render's), and no internal header. */
  function visitorHeaders(headers: Record<string, string>, requestId: string): Record<string, string> {
    const out = { ...headers };
    delete out[ROUTE_PATTERN_HEADER];
    delete out[REQUEST_ID_HEADER.toLowerCase()];
    out[REQUEST_ID_HEADER.toLowerCase()] = requestId;
    return out;
  }

  function answer(req: IncomingMessage, res: ServerResponse, result: CachedAnswer | Rendered, visit: Visit): void {
    let route: string;
    if ('variants' in result) {
      const variant = result.variants[pickVariant(req.headers['accept-encoding'])];
      route = variant.headers[ROUTE_PATTERN_HEADER] ?? visit.path;
      if (result.status === 200 && matchesEtag(req.headers['if-none-match'], variant.etag)) {
        const headers: Record<string, string> = { etag: variant.etag };
        for (const name of ['cache-control', 'vary', 'content-location', 'expires']) {
          if (variant.headers[name]) headers[name] = variant.headers[name];
        }
        res.writeHead(304, visitorHeaders(headers, visit.requestId));
        res.end();
      } else {
        res.writeHead(result.status, visitorHeaders(variant.headers, visit.requestId));
        res.end(req.method === 'HEAD' ? undefined : variant.body);
      }
    } else {
      route = result.headers[ROUTE_PATTERN_HEADER] ?? visit.path;
      // Not kept (an error, or a render an invalidation overtook): passed on as it came, minus cookies.
      const headers = { ...result.headers };
      delete headers['set-cookie'];
      delete headers[DEGRADED_RENDER_HEADER];
      delete headers['transfer-encoding'];
      delete headers['connection'];
      delete headers['keep-alive'];
      headers['content-length'] = String(result.body.byteLength);
      res.writeHead(result.status, visitorHeaders(headers, visit.requestId));
      res.end(req.method === 'HEAD' ? undefined : result.body);
    }
    options.onAnswer?.({
      method: req.method ?? 'GET',
      route,
      status: res.statusCode,
      durationMs: performance.now() - visit.started,
      requestId: visit.requestId,
    });
  }

  return {
    cache,
    listening(listeningPort, listeningHost) {
      port = listeningPort;
      host = listeningHost;
    },
    serve(req, res) {
      if (port === 0 || req.headers[RENDER_HEADER] === token) return false;
      const target = cacheableRequest(req.method, req.url, req.headers, options.siteUrlSet);
      if (!target) return false;
      const visit: Visit = { started: performance.now(), requestId: options.requestIdOf?.(req) ?? randomUUID(), path: target.path };
      const hit = cache.fresh(target.key);
      if (hit) {
        answer(req, res, hit, visit);
        return true;
      }
      cache
        .get(target.key, target.path, () => render(req, target.url, target.locale))
        .then(
          (result) => answer(req, res, result, visit),
          (error: unknown) => {
            log.error(
              { path: target.path, reason: error instanceof Error ? error.message : String(error) },
              'The visitor cache could not render',
            );
            if (!res.headersSent)
              res.writeHead(503, {
                'content-type': 'application/json; charset=utf-8',
                'retry-after': '5',
                'cache-control': 'no-store',
                [REQUEST_ID_HEADER.toLowerCase()]: visit.requestId,
              });
            res.end(JSON.stringify({ error: 'The site is briefly unavailable. Please try again in a moment.' }));
            options.onAnswer?.({ method: req.method ?? 'GET', route: visit.path, status: 503, durationMs: performance.now() - visit.started, requestId: visit.requestId });
          },
        );
      return true;
    },
    close() {
      stopListening();
      agent.destroy();
    },
  };
}
