import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { pickEncoding } from '../http/compress.ts';
import { DEGRADED_RENDER_HEADER } from '../http/cache-headers.ts';

/*
 * Rendered visitor answers held in memory with their response headers laid out for writeHead: key → stored
 * answer (status, headers, identity body, compressed copies). A compressed copy is made once, the first time a
 * client asks for that encoding, and kept beside the identity body. Bounded in bytes by an LRU (lru-cache:
 * least recently read leave first); a miss renders once however many requests wait for it; an invalidation
 * removes every variant of a path and makes a render that was under way when it came unable to store its
 * (possibly old) result.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** What the renderer produced: status, headers (lower-case names) and the identity body. */
export interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The route pattern that rendered it (for the request log; never sent). */
  route?: string;
}

export interface Variant {
  /** The bytes sent. */
  body: Buffer;
  etag: string;
  /** Response headers (Content-Length included). */
  headers: Record<string, string>;
  /** The same as name/value pairs for writeHead, made once: a hit copies nothing but this array. */
  head: string[];
  /** The headers of a 304 for this variant, as pairs. */
  notModifiedHead: string[];
}

export interface CachedAnswer {
  status: number;
  /**
   * The identity variant, always; a compressed one (compressible answers only) once a client has asked for
   * that encoding (VisitorCache.variant): wrk and curl ask for none, browsers for br (gzip over plain HTTP).
   */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** Whether the answer is sent compressed to clients that accept it (else every encoding gets the identity bytes). */
  compressible: boolean;
  /** The identity body's hash: the ETags of all variants derive from it. */
  hash: string;
  /** The response headers every variant shares (no ETag, Content-Length or Content-Encoding). */
  baseHeaders: Record<string, string>;
  /** After this time (ms) the answer is stale: rendered again, or served only while a render fails. */
  expiresAt: number;
  bytes: number;
  route?: string;
}

interface Flight {
  path: string;
  invalidated: boolean;
  /** False while it waits for an overtaken render of its key: an invalidation then cannot make it stale. */
  started: boolean;
  promise: Promise<CachedAnswer | Rendered>;
  /** Settles (never rejects) when the render has ended, however it ended. */
  ended: Promise<void>;
}

/** Renders a miss; it should stop (and reject) when the signal aborts. */
export type Renderer = (signal: AbortSignal) => Promise<Rendered>;

/** A miss that did not render within the cache's renderTimeoutMs, or waited longer than waitTimeoutMs for its turn. */
export class RenderTimeout extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderTimeout';
  }
}

/** Rejects with what `fail` makes once `ms` have passed (and calls it then); otherwise settles as the promise does. */
function within<T>(promise: Promise<T>, ms: number | undefined, fail: () => Error): Promise<T> {
  if (ms === undefined || ms === Number.POSITIVE_INFINITY) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(fail()), Math.max(0, ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What a 304 repeats of the full answer's headers (RFC 9110 15.4.5). */
const NOT_MODIFIED_HEADERS = ['cache-control', 'vary', 'content-location', 'expires'];

/** Headers that describe one transfer, not the answer. */
const HOP_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'set-cookie',
]);

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** The answer a client should get: the variant for its Accept-Encoding (wrk and curl send none). */
export function pickVariant(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  // Fast path for what browsers send; the careful parse only for unusual headers.
  if (!acceptEncoding.includes('q=')) {
    if (acceptEncoding.includes('br')) return 'br';
    if (acceptEncoding.includes('gzip') || acceptEncoding.includes('*')) return 'gzip';
    return 'identity';
  }
  return pickEncoding(acceptEncoding) ?? 'identity';
}

/** One stored variant of an answer, with its validators and prepared header pairs. */
function makeVariant(answer: Pick<CachedAnswer, 'compressible' | 'hash' | 'baseHeaders'>, body: Buffer, encoding: Encoding): Variant {
  const compressed = answer.compressible && encoding !== 'identity';
  const etag = `"${answer.hash}${compressed ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = { ...answer.baseHeaders, etag, 'content-length': String(body.byteLength) };
  if (compressed) headers['content-encoding'] = encoding;
  const notModifiedHead = ['etag', etag];
  for (const name of NOT_MODIFIED_HEADERS) if (headers[name]) notModifiedHead.push(name, headers[name]);
  return { body, etag, headers, head: Object.entries(headers).flat(), notModifiedHead };
}

/** What an answer's bookkeeping costs besides its bodies (headers, prepared pairs, the entry), about, in bytes. */
const ENTRY_OVERHEAD = 2048;

/** Turns a rendered answer into a stored one: its identity variant with validators (compressed ones come when asked for). */
export function prepareAnswer(rendered: Rendered, expiresAt: number): CachedAnswer {
  const base: Record<string, string> = {};
  for (const [name, value] of Object.entries(rendered.headers)) {
    if (!HOP_HEADERS.has(name)) base[name] = value;
  }
  const compressible = COMPRESSIBLE.test(base['content-type'] ?? '') && rendered.body.byteLength >= 512;
  const vary = new Set(
    (base['vary'] ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
  if (compressible) vary.add('Accept-Encoding');
  if (vary.size > 0) base['vary'] = [...vary].join(', ');
  const hash = createHash('sha256').update(rendered.body).digest('base64url').slice(0, 22);
  const shape = { compressible, hash, baseHeaders: base };
  return {
    status: rendered.status,
    ...shape,
    variants: { identity: makeVariant(shape, rendered.body, 'identity') },
    expiresAt,
    bytes: rendered.body.byteLength + ENTRY_OVERHEAD,
    route: rendered.route,
  };
}

/** Compresses an answer's identity body for one encoding. */
async function compressVariant(answer: CachedAnswer, encoding: 'br' | 'gzip'): Promise<Variant> {
  const body = answer.variants.identity.body;
  const compressed =
    encoding === 'br'
      ? // Quality 5: pages barely larger than at 9, for a fraction of the memory per compression (9's match finder),
        // several at once on libuv's threads: quality 9 was the server's peak memory under load (docs/performance.md).
        await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
  return makeVariant(answer, compressed, encoding);
}

/** True when an If-None-Match header names this variant's ETag (or *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface VisitorCacheOptions {
  maxBytes: number;
  /**
   * The budget of 404s, apart from maxBytes: anyone can make up missing URLs in numbers, and they must not push
   * the real pages out (nor be rendered afresh each time they are asked again). Default: maxBytes / 16, ≤ 4 MiB.
   */
  missingBytes?: number;
  /** Which answers may be kept: statuses the cache stores. */
  cacheable?: (rendered: Rendered) => boolean;
  /** When a fresh answer stops being fresh. */
  expiresAt: () => number;
  /** How many misses render at once (the others wait their turn, first come first served). Default: no limit. */
  concurrentRenders?: number;
  /**
   * How long a render may run, from when its turn came: then its waiters get a RenderTimeout (or the
   * expired copy) and the render is aborted. A render that hangs is found out this fast. Default: no limit.
   */
  renderTimeoutMs?: number;
  /**
   * The same for the first render of a kind of page in this process (its code is loaded and compiled
   * then: seconds on a cold, busy server, which is slow, not hung). Default: renderTimeoutMs.
   */
  firstRenderTimeoutMs?: number;
  /** How long a miss may wait for its turn (a busy server) before its waiters get a RenderTimeout. Default: no limit. */
  waitTimeoutMs?: number;
  now?: () => number;
}

type Entry = CachedAnswer & {
  key: string;
  path: string;
  /** Compressions under way for this answer, one per encoding however many requests ask meanwhile. */
  compressing?: Partial<Record<'br' | 'gzip', Promise<Variant>>>;
};

export class VisitorCache {
  private entries: LRUCache<string, Entry>;
  /** Kept 404s, in a budget of their own. */
  private missing: LRUCache<string, Entry>;
  private keysByPath = new Map<string, Set<string>>();
  private flights = new Map<string, Flight>();
  /**
   * Renders an invalidation overtook that are still running: the next render of their key starts when
   * they end, so a burst of writes during one slow render makes one more render, not one per write.
   */
  private overtaken = new Map<string, Promise<void>>();
  private rendering = 0;
  /** Kinds of page (paths with their ids blanked) rendered at least once in this process. */
  private warm = new Set<string>();
  /** Misses waiting for a turn to render, first come first served. */
  private turns: Array<() => void> = [];
  private readonly options: VisitorCacheOptions;

  constructor(options: VisitorCacheOptions) {
    this.options = options;
    // Evicted or deleted: its path no longer lists it (replaced by a newer answer: the same key and path).
    const dispose = (entry: Entry, key: string, reason: LRUCache.DisposeReason) => {
      if (reason === 'set') return;
      const keys = this.keysByPath.get(entry.path);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByPath.delete(entry.path);
    };
    const lru = (bytes: number) =>
      new LRUCache<string, Entry>({ maxSize: Math.max(1, bytes), sizeCalculation: (entry) => entry.bytes, dispose });
    this.entries = lru(options.maxBytes);
    this.missing = lru(options.missingBytes ?? Math.min(4 * 1024 * 1024, Math.floor(options.maxBytes / 16)));
  }

  get size(): { entries: number; bytes: number } {
    return {
      entries: this.entries.size + this.missing.size,
      bytes: this.entries.calculatedSize + this.missing.calculatedSize,
    };
  }

  /** The LRU an answer of this status is kept in. */
  private poolFor(status: number): LRUCache<string, Entry> {
    return status === 404 ? this.missing : this.entries;
  }

  private peek(key: string): Entry | undefined {
    return this.entries.peek(key) ?? this.missing.peek(key);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The fresh stored answer for a key, or undefined. A hit becomes the most recently used. */
  fresh(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key) ?? this.missing.get(key);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry;
  }

  /**
   * The answer for a key: stored, or rendered once for every caller waiting on it. A render that
   * is not kept (an error, or cut short by an invalidation) is handed to its waiters as it is; a
   * failing render (an error answer, or a render that threw or timed out) while an expired copy
   * exists serves that copy (the database may be down).
   * `onlyOk` keeps nothing but a 200 (for keys whose 404s anyone could make up in numbers).
   */
  async get(key: string, path: string, render: Renderer, onlyOk = false): Promise<CachedAnswer | Rendered> {
    const hit = this.fresh(key);
    if (hit) return hit;
    const running = this.flights.get(key);
    if (running) return running.promise;
    const flight: Flight = { path, invalidated: false, started: false, promise: Promise.resolve() as never, ended: Promise.resolve() };
    const before = this.overtaken.get(key);
    flight.promise = (async () => {
      try {
        let rendered: Rendered;
        try {
          rendered = await this.renderInTurn(flight, before, render);
        } catch (error) {
          const stale = this.peek(key);
          if (stale) return stale;
          throw error;
        }
        const keep = onlyOk
          ? rendered.status === 200
          : (this.options.cacheable?.(rendered) ?? (rendered.status === 200 || rendered.status === 404));
        if (!keep || 'set-cookie' in rendered.headers || DEGRADED_RENDER_HEADER in rendered.headers) {
          const stale = rendered.status >= 500 ? this.peek(key) : undefined;
          return stale ?? rendered;
        }
        const answer = prepareAnswer(rendered, this.options.expiresAt());
        if (!flight.invalidated) this.store(key, path, answer);
        return answer;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        if (this.overtaken.get(key) === flight.ended) this.overtaken.delete(key);
      }
    })();
    flight.ended = flight.promise.then(
      () => undefined,
      () => undefined,
    );
    this.flights.set(key, flight);
    return flight.promise;
  }

  /**
   * Renders once the overtaken render of the key (if any) has ended and a turn is free, within the
   * deadlines: waiting for the turn at most waitTimeoutMs, rendering at most renderTimeoutMs (then aborted).
   */
  private async renderInTurn(flight: Flight, before: Promise<void> | undefined, render: Renderer): Promise<Rendered> {
    const { waitTimeoutMs } = this.options;
    const kind = flight.path.replace(/\d+/g, '#');
    const renderTimeoutMs = this.warm.has(kind) ? this.options.renderTimeoutMs : (this.options.firstRenderTimeoutMs ?? this.options.renderTimeoutMs);
    const waitUntil = Date.now() + (waitTimeoutMs ?? 0);
    const tooLong = () => new RenderTimeout(`No turn to render within ${waitTimeoutMs} ms`);
    if (before) await within(before, waitTimeoutMs, tooLong);
    const done = await this.turn(waitTimeoutMs === undefined ? undefined : waitUntil - Date.now(), tooLong);
    try {
      flight.started = true;
      const controller = new AbortController();
      const rendered = await within(render(controller.signal), renderTimeoutMs, () => {
        const error = new RenderTimeout(`The render did not finish within ${renderTimeoutMs} ms`);
        controller.abort(error);
        return error;
      });
      this.warm.add(kind);
      return rendered;
    } finally {
      done();
    }
  }

  /** A turn to render (call the returned function when done), or a rejection after `ms` of waiting. */
  private turn(ms: number | undefined, tooLong: () => Error): Promise<() => void> {
    const done = () => {
      this.rendering--;
      this.turns.shift()?.();
    };
    if (this.rendering < (this.options.concurrentRenders ?? Number.POSITIVE_INFINITY)) {
      this.rendering++;
      return Promise.resolve(done);
    }
    return new Promise((granted, refused) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grant = () => {
        clearTimeout(timer);
        this.rendering++;
        granted(done);
      };
      this.turns.push(grant);
      if (ms !== undefined) {
        timer = setTimeout(() => {
          this.turns.splice(this.turns.indexOf(grant), 1);
          refused(tooLong());
        }, Math.max(0, ms));
      }
    });
  }

  /**
   * The answer's variant for an encoding: at once when it is stored (always for identity and for answers that
   * are not compressed), else compressed now, once, and kept with the answer while the answer is cached (its
   * bytes count against the bound like the rest). Only what clients ask for is kept: wrk and curl never make
   * a compressed copy, browsers never make a gzip one where they accept br.
   */
  variant(answer: CachedAnswer, encoding: Encoding): Variant | Promise<Variant> {
    if (encoding === 'identity' || !answer.compressible) return answer.variants.identity;
    const made = answer.variants[encoding];
    if (made) return made;
    const entry = answer as Partial<Entry> & CachedAnswer;
    const compressing = (entry.compressing ??= {});
    const running = compressing[encoding];
    if (running) return running;
    const promise = compressVariant(answer, encoding).then(
      (variant) => {
        delete compressing[encoding];
        answer.variants[encoding] = variant;
        answer.bytes += variant.body.byteLength;
        // Counted only while the answer is the one cached under its key (not evicted or invalidated meanwhile):
        // stored again, the LRU takes its new size (and evicts what no longer fits).
        if (entry.key !== undefined && entry.path !== undefined && this.peek(entry.key) === entry) {
          this.poolFor(entry.status).delete(entry.key);
          this.store(entry.key, entry.path, answer);
        }
        return variant;
      },
      (error: unknown) => {
        delete compressing[encoding];
        throw error;
      },
    );
    compressing[encoding] = promise;
    return promise;
  }

  private store(key: string, path: string, answer: CachedAnswer): void {
    const pool = this.poolFor(answer.status);
    if (answer.bytes > pool.maxSize) return;
    // The answer object itself becomes the entry: compressed variants made later are kept with it.
    const entry = Object.assign(answer, { key, path }) as Entry;
    // A key now found (200) or now missing (404) leaves the other pool.
    (pool === this.entries ? this.missing : this.entries).delete(key);
    pool.set(key, entry);
    let keys = this.keysByPath.get(path);
    if (!keys) this.keysByPath.set(path, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every variant of these paths, and keeps renders under way for them from being stored. */
  invalidatePaths(paths: Iterable<string>): void {
    const wanted = new Set(paths);
    for (const path of wanted) {
      for (const key of [...(this.keysByPath.get(path) ?? [])]) {
        this.entries.delete(key);
        this.missing.delete(key);
      }
    }
    for (const [key, flight] of this.flights) {
      if (wanted.has(flight.path) && flight.started) {
        flight.invalidated = true;
        this.flights.delete(key);
        this.overtaken.set(key, flight.ended);
      }
    }
  }

  invalidateEverything(): void {
    this.entries.clear();
    this.missing.clear();
    this.keysByPath.clear();
    // Renders under way may show the old state: not stored, and the next render of their key waits for them.
    for (const [key, flight] of this.flights) {
      if (!flight.started) continue;
      flight.invalidated = true;
      this.flights.delete(key);
      this.overtaken.set(key, flight.ended);
    }
  }
}
