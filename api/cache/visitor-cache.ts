import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pickEncoding } from '../http/compress.ts';
import { DEGRADED_RENDER_HEADER } from '../http/cache-headers.ts';

/*
 * Rendered visitor answers held in memory with their response headers laid out for writeHead, so a warm
 * read costs one Map lookup and one write to the socket. A compressed copy is made once, the first time a
 * client asks for that encoding, and kept beside the identity body. Bounded in bytes (least recently read
 * leave first); a miss renders once however many requests wait for it; an invalidation removes every
 * variant of a path and makes a render that was under way when it came unable to store its (possibly old)
 * result.
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
  /** The bytes sent (for an identity variant kept in parts, put together when read: `parts` is what a hit sends). */
  body: Buffer;
  /** The body as the byte runs it is kept in, some of them shared with other answers (see sharedRuns). */
  parts?: readonly Buffer[];
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

/**
 * The bytes in an ArrayBuffer of their own. Node 24 cuts every Buffer under 32 KB (Buffer.concat's result, as a
 * render's body is, and zlib's output) out of a shared 64 KB slab, and a kept slice keeps its whole slab alive:
 * the cache's small answers (a project's JSON, robots.txt, a small compressed copy) held 64 KB each while the
 * bound counted their length (20 MB of slabs for a cache of 37 MB under the server bench's mixed load, 2026-11-25).
 */
export function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return body;
  const own = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(own);
  return own;
}

/**
 * What an answer's bookkeeping costs besides its bodies (headers, prepared pairs, the entry): 1.8 KB of heap per
 * entry in a heap snapshot of a full cache (2026-11-25), besides the header strings answers share.
 */
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
    variants: { identity: makeVariant(shape, ownBytes(rendered.body), 'identity') },
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
      ? // Quality 5: our pages come out 1–2 % larger than at 9, and each compression needs 4 MB instead of 33 MB
        // (9's match finder), several at once on libuv's threads: quality 9 was the server's peak memory under load.
        await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
  return makeVariant(answer, ownBytes(compressed), encoding);
}

/** True when an If-None-Match header names this variant's ETag (or *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface VisitorCacheOptions {
  maxBytes: number;
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
  used: number;
  /** Reads since it was stored, counted until it is read often enough to be kept whole (HOT_READS). */
  hits: number;
  /** The shared runs its identity body is kept with (see sharedRuns). */
  runs?: SharedRun[];
  /** Compressions under way for this answer, one per encoding however many requests ask meanwhile. */
  compressing?: Partial<Record<'br' | 'gzip', Promise<Variant>>>;
};

/** A run of bytes that many answers' bodies hold alike, kept once (counted once against the bound). */
interface SharedRun {
  key: string;
  bytes: Buffer;
  users: number;
}

/** The smallest run worth keeping once: below it, a part's bookkeeping costs about what it saves. */
const SHARED_RUN_MIN = 1024;

/**
 * The byte runs of an HTML body that pages hold alike: the document's start (up to its first stylesheet), each
 * inline stylesheet, the site's header, and everything after `</main>` (the accessibility drawer, the toasts'
 * region, the icons). On 2026-11-26 they were 66-69 KB of a 72-80 KB project page (the stylesheet alone 44 KB,
 * the part after `</main>` 11 KB, the header 6.5-8.5 KB): a cache full of pages held them once per page. What lies
 * between (the title and other tags of the page, its breadcrumb, its content) is its own. Sorted, not
 * overlapping; only runs of SHARED_RUN_MIN bytes or more.
 */
export function sharedRuns(contentType: string | undefined, body: Buffer): Array<[start: number, end: number]> {
  if (!contentType?.startsWith('text/html')) return [];
  const runs: Array<[number, number]> = [];
  const firstStyle = body.indexOf('<style');
  if (firstStyle < 0) return [];
  runs.push([0, firstStyle]);
  for (let open = firstStyle; open >= 0; ) {
    const close = body.indexOf('</style>', open);
    if (close < 0) break;
    const end = close + '</style>'.length;
    runs.push([open, end]);
    open = body.indexOf('<style', end);
  }
  // The site's header: the same for every page of a section (the current link marked), so few copies.
  let last = runs.at(-1)![1];
  const header = body.indexOf('<header', last);
  const headerClose = header < 0 ? -1 : body.indexOf('</header>', header);
  if (headerClose >= 0) runs.push([header, (last = headerClose + '</header>'.length)]);
  const main = body.lastIndexOf('</main>');
  if (main >= last) runs.push([main + '</main>'.length, body.byteLength]);
  return runs.filter(([start, end]) => end - start >= SHARED_RUN_MIN);
}

/**
 * Reads after which a page kept in parts gets a whole copy too: a hit then writes one buffer instead of one per part
 * (each write through node:http costs 1-2 µs, a tenth of a hit). The few pages read this often (the landing page, the
 * lists) cost their size once more; the many read a few times (each project's page) stay in parts.
 */
const HOT_READS = 100;

/** An identity variant whose body is kept as parts: a hit writes the parts, anything else that reads `body` gets them put together. */
function partedVariant(variant: Variant, parts: Buffer[]): Variant {
  const { etag, headers, head, notModifiedHead } = variant;
  const parted = { etag, headers, head, notModifiedHead, parts };
  return Object.defineProperty(parted, 'body', { enumerable: true, get: () => Buffer.concat(parts) }) as typeof parted & { body: Buffer };
}

export class VisitorCache {
  private entries = new Map<string, Entry>();
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
  private bytes = 0;
  /** Byte runs answers share, by their hash, while some cached answer holds them. */
  private runs = new Map<string, SharedRun>();
  /** Counts reads: an entry's `used` is the count at its last read (the LRU order, without reordering the Map per hit). */
  private reads = 0;
  private readonly options: VisitorCacheOptions;

  constructor(options: VisitorCacheOptions) {
    this.options = options;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The fresh stored answer for a key, or undefined. A hit becomes the most recently used. */
  fresh(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    entry.used = ++this.reads;
    if (++entry.hits === HOT_READS && entry.variants.identity.parts) this.keepWhole(entry);
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
          const stale = this.entries.get(key);
          if (stale) return stale;
          throw error;
        }
        const keep = onlyOk
          ? rendered.status === 200
          : (this.options.cacheable?.(rendered) ?? (rendered.status === 200 || rendered.status === 404));
        if (!keep || 'set-cookie' in rendered.headers || DEGRADED_RENDER_HEADER in rendered.headers) {
          const stale = rendered.status >= 500 ? this.entries.get(key) : undefined;
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
        // Counted only while the answer is the one cached under its key (not evicted or invalidated meanwhile).
        if (entry.key !== undefined && this.entries.get(entry.key) === entry) {
          this.bytes += variant.body.byteLength;
          this.evictOverBound();
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
    if (answer.bytes > this.options.maxBytes) return;
    this.remove(key);
    // The answer object itself becomes the entry: compressed variants made later are kept with it.
    const entry = Object.assign(answer, { key, path, used: ++this.reads, hits: 0 }) as Entry;
    this.share(entry);
    this.entries.set(key, entry);
    let keys = this.keysByPath.get(path);
    if (!keys) this.keysByPath.set(path, (keys = new Set()));
    keys.add(key);
    this.bytes += answer.bytes;
    this.evictOverBound();
  }

  private evictOverBound(): void {
    if (this.bytes <= this.options.maxBytes) return;
    // Least recently read first (a full cache sorts once per stored render or compression, never on a hit).
    const byUse = [...this.entries].sort(([, a], [, b]) => a.used - b.used);
    for (const [oldest] of byUse) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  /**
   * Keeps the runs of the identity body that pages hold alike (sharedRuns) once for all the answers that hold them:
   * the body becomes parts (its own bytes between shared runs), and each run counts against the bound once, while
   * an answer holds it.
   */
  private share(entry: Entry): void {
    const identity = entry.variants.identity;
    const whole = identity.body;
    const found = sharedRuns(entry.baseHeaders['content-type'], whole);
    if (found.length === 0) return;
    const parts: Buffer[] = [];
    const runs: SharedRun[] = [];
    let own = 0;
    for (const [start, end] of found) {
      if (start > own) parts.push(ownBytes(whole.subarray(own, start)));
      const bytes = whole.subarray(start, end);
      const key = createHash('sha256').update(bytes).digest('base64url');
      let run = this.runs.get(key);
      if (!run) {
        run = { key, bytes: ownBytes(bytes), users: 0 };
        this.runs.set(key, run);
        this.bytes += run.bytes.byteLength;
      }
      run.users++;
      runs.push(run);
      parts.push(run.bytes);
      entry.bytes -= run.bytes.byteLength;
      own = end;
    }
    if (own < whole.byteLength) parts.push(ownBytes(whole.subarray(own)));
    entry.runs = runs;
    entry.variants.identity = partedVariant(identity, parts);
  }

  /** Gives a much-read page's identity variant its body in one piece (counted against the bound, like any bytes kept). */
  private keepWhole(entry: Entry): void {
    const { etag, headers, head, notModifiedHead, parts } = entry.variants.identity;
    const body = ownBytes(Buffer.concat(parts!));
    entry.variants.identity = { etag, headers, head, notModifiedHead, body };
    entry.bytes += body.byteLength;
    this.bytes += body.byteLength;
    this.evictOverBound();
  }

  /** Lets go of an answer's shared runs: the last answer holding one takes it out of the cache. */
  private release(entry: Entry): void {
    for (const run of entry.runs ?? []) {
      if (--run.users > 0) continue;
      this.runs.delete(run.key);
      this.bytes -= run.bytes.byteLength;
    }
    entry.runs = undefined;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    this.release(entry);
    const keys = this.keysByPath.get(entry.path);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByPath.delete(entry.path);
  }

  /** Forgets every variant of these paths, and keeps renders under way for them from being stored. */
  invalidatePaths(paths: Iterable<string>): void {
    const wanted = new Set(paths);
    for (const path of wanted) {
      for (const key of [...(this.keysByPath.get(path) ?? [])]) this.remove(key);
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
    this.keysByPath.clear();
    this.runs.clear();
    this.bytes = 0;
    // Renders under way may show the old state: not stored, and the next render of their key waits for them.
    for (const [key, flight] of this.flights) {
      if (!flight.started) continue;
      flight.invalidated = true;
      this.flights.delete(key);
      this.overtaken.set(key, flight.ended);
    }
  }
}
