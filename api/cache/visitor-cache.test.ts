import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEGRADED_RENDER_HEADER } from '#api/http/cache-headers.ts';
import { cacheableRequest } from './cacheable.ts';
import { matchesEtag, pickVariant, prepareAnswer, RenderTimeout, VisitorCache, type CachedAnswer, type Rendered } from './visitor-cache.ts';

const page = (text: string, status = 200, headers: Record<string, string> = {}): Rendered => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store', ...headers },
  body: Buffer.from(`<!doctype html><main>${text}</main>${'<p>filler paragraph</p>'.repeat(100)}`),
});
/** The public origin a request is answered for (api/http/request-origin.ts decides it). */
const SITE = 'http://localhost:4321';
const cache = (maxBytes = 1 << 20) => new VisitorCache({ maxBytes, expiresAt: () => Date.now() + 60_000 });
const stored = (value: CachedAnswer | Rendered) => {
  if (!('variants' in value)) throw new Error('expected a stored answer');
  return value;
};

describe('the visitor cache', () => {
  it('renders a miss once for every request waiting on it, and compresses each encoding once, when first asked for', async () => {
    const visitor = cache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((done) => setTimeout(done, 20));
      return page('hello');
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => visitor.get('/k', '/', render)));
    expect(renders).toBe(1);
    const answer = stored(answers[0]!);
    const identity = answer.variants.identity.body.toString();
    expect(identity).toContain('hello');
    // Nothing compressed yet: wrk and curl never ask for it.
    expect(answer.variants.br).toBeUndefined();
    expect(answer.variants.gzip).toBeUndefined();
    const bytesBefore = visitor.size.bytes;
    const [br, brAgain, gzip] = await Promise.all([visitor.variant(answer, 'br'), visitor.variant(answer, 'br'), visitor.variant(answer, 'gzip')]);
    expect(brAgain).toBe(br);
    expect(brotliDecompressSync(br.body).toString()).toBe(identity);
    expect(gunzipSync(gzip.body).toString()).toBe(identity);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.etag).not.toBe(answer.variants.identity.etag);
    // Kept with the answer, counted against the bound.
    expect(visitor.variant(stored(visitor.fresh('/k')!), 'br')).toBe(br);
    expect(visitor.size.bytes).toBe(bytesBefore + br.body.byteLength + gzip.body.byteLength);
    expect(answer.variants.identity.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    // The page's own Cache-Control reaches the client: / stays private, no-store.
    expect(answer.variants.identity.headers['cache-control']).toBe('private, no-store');
    await visitor.get('/k', '/', render);
    expect(renders).toBe(1);
  });

  it('does not count a compression that ends after its answer was invalidated', async () => {
    const visitor = cache();
    const answer = stored(await visitor.get('/k', '/', async () => page('hello')));
    const compressing = visitor.variant(answer, 'br');
    visitor.invalidatePaths(['/']);
    expect(visitor.size.bytes).toBe(0);
    expect(brotliDecompressSync((await compressing).body).toString()).toContain('hello');
    expect(visitor.size.bytes).toBe(0);
  });

  it('hands a render that left something out after a failed read to its waiters, and renders the next request again', async () => {
    const visitor = cache();
    let renders = 0;
    const degradedOnce = async () => (++renders === 1 ? page('no metrics', 200, { [DEGRADED_RENDER_HEADER]: 'public-metrics' }) : page('with metrics'));
    const first = await visitor.get('/k', '/', degradedOnce);
    if ('variants' in first) throw new Error('a degraded render was stored');
    expect(first.body.toString()).toContain('no metrics');
    expect(visitor.fresh('/k')).toBeUndefined();
    const second = stored(await visitor.get('/k', '/', degradedOnce));
    expect(second.variants.identity.body.toString()).toContain('with metrics');
    expect(renders).toBe(2);
  });

  it('forgets an invalidated path, and never stores a render an invalidation overtook', async () => {
    const visitor = cache();
    let version = 1;
    let release!: () => void;
    const slow = async () => {
      const seen = version;
      await new Promise<void>((done) => (release = done));
      return page(`v${seen}`);
    };
    const pending = visitor.get('/k', '/projects', slow);
    await new Promise((done) => setTimeout(done, 5));
    version = 2;
    visitor.invalidatePaths(['/projects']);
    release();
    await pending;
    const fresh = stored(await visitor.get('/k', '/projects', async () => page(`v${version}`)));
    expect(fresh.variants.identity.body.toString()).toContain('v2');
    visitor.invalidatePaths(['/projects']);
    expect(visitor.fresh('/k')).toBeUndefined();
  });

  it('renders once more after a burst of invalidations during a slow render, not once per invalidation', async () => {
    const visitor = cache();
    let version = 1;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const slow = async () => {
      started.push(version);
      await new Promise<void>((done) => releases.push(done));
      return page(`v${version}`);
    };
    const first = visitor.get('/k', '/projects', slow);
    await new Promise((done) => setTimeout(done, 5));
    const waiting: Array<Promise<CachedAnswer | Rendered>> = [];
    for (version = 2; version <= 4; version++) {
      visitor.invalidatePaths(['/projects']);
      waiting.push(visitor.get('/k', '/projects', slow));
    }
    version = 4;
    await new Promise((done) => setTimeout(done, 5));
    // The overtaken render still runs; the next one waits for it.
    expect(started).toEqual([1]);
    releases[0]!();
    await first;
    await new Promise((done) => setTimeout(done, 5));
    expect(started).toEqual([1, 4]);
    releases[1]!();
    for (const answer of await Promise.all(waiting)) expect(stored(answer).variants.identity.body.toString()).toContain('v4');
  });

  it('gives up on a render at its deadline (aborting it), serving the expired copy when there is one', async () => {
    let now = 0;
    const visitor = new VisitorCache({ maxBytes: 1 << 20, expiresAt: () => now + 1000, now: () => now, renderTimeoutMs: 50 });
    let aborted = false;
    const hangs = (signal: AbortSignal) =>
      new Promise<Rendered>(() => signal.addEventListener('abort', () => (aborted = true)));
    await expect(visitor.get('/new', '/new', hangs)).rejects.toBeInstanceOf(RenderTimeout);
    expect(aborted).toBe(true);
    await visitor.get('/k', '/', async () => page('yesterday'));
    now = 5000;
    expect(stored(await visitor.get('/k', '/', hangs)).variants.identity.body.toString()).toContain('yesterday');
  });

  it('renders a limited number of misses at once; the others wait their turn, at most the wait timeout', async () => {
    const visitor = new VisitorCache({ maxBytes: 1 << 20, expiresAt: () => Date.now() + 60_000, concurrentRenders: 1, waitTimeoutMs: 100 });
    let running = 0;
    let most = 0;
    const render = (ms: number) => async () => {
      most = Math.max(most, ++running);
      await new Promise((done) => setTimeout(done, ms));
      running--;
      return page('turn');
    };
    const answers = await Promise.all([visitor.get('/a', '/a', render(20)), visitor.get('/b', '/b', render(20))]);
    expect(answers.every((answer) => 'variants' in answer)).toBe(true);
    expect(most).toBe(1);
    const long = visitor.get('/c', '/c', render(300));
    await expect(visitor.get('/d', '/d', render(1))).rejects.toBeInstanceOf(RenderTimeout);
    expect('variants' in (await long)).toBe(true);
  });

  it('keeps 200 and 404 answers, passes errors and cookie-setting answers through unkept', async () => {
    const visitor = cache();
    expect('variants' in (await visitor.get('/a', '/a', async () => page('missing', 404)))).toBe(true);
    expect(visitor.fresh('/a')?.status).toBe(404);
    await visitor.get('/b', '/b', async () => page('oops', 500));
    expect(visitor.fresh('/b')).toBeUndefined();
    await visitor.get('/c', '/c', async () => page('cookie', 200, { 'set-cookie': 'session=x' }));
    expect(visitor.fresh('/c')).toBeUndefined();
  });

  it('keeps 404s in a budget of their own: made-up URLs in numbers never push a page out', async () => {
    const one = prepareAnswer(page('size'), 0).bytes;
    const visitor = new VisitorCache({ maxBytes: one * 3, missingBytes: one * 2 + 100, expiresAt: () => Date.now() + 60_000 });
    await visitor.get('/page', '/page', async () => page('a page'));
    for (let id = 1; id <= 20; id++) await visitor.get(`/missing/${id}`, `/missing/${id}`, async () => page('missing', 404));
    expect(visitor.fresh('/page')?.status).toBe(200);
    // The newest 404s are kept (asked again, they cost no render), within their budget.
    expect(visitor.fresh('/missing/20')?.status).toBe(404);
    expect(visitor.fresh('/missing/1')).toBeUndefined();
    expect(visitor.size.entries).toBe(3);
    // A missing page that now exists leaves the 404s' budget for the pages'.
    visitor.invalidatePaths(['/missing/20']);
    await visitor.get('/missing/20', '/missing/20', async () => page('found now'));
    expect(visitor.fresh('/missing/20')?.status).toBe(200);
    expect(visitor.fresh('/page')?.status).toBe(200);
  });

  it('forgets every page and category of a list with its path, and keeps only 200s where asked', async () => {
    const visitor = cache();
    const lists = ['/public-projects', '/public-projects?page=2', '/public-projects?category=research&page=3'];
    for (const url of lists) {
      const target = cacheableRequest('GET', url, {}, SITE)!;
      await visitor.get(target.key, target.path, async () => page(url), target.onlyOk);
      expect(visitor.fresh(target.key), url).toBeDefined();
    }
    const other = cacheableRequest('GET', '/projects?page=2', {}, SITE)!;
    await visitor.get(other.key, other.path, async () => page('other'));
    visitor.invalidatePaths(['/public-projects']);
    for (const url of lists) expect(visitor.fresh(cacheableRequest('GET', url, {}, SITE)!.key), url).toBeUndefined();
    expect(visitor.fresh(other.key)).toBeDefined();

    // A page number past the last is a 404: rendered each time, never kept.
    const past = cacheableRequest('GET', '/public-projects?page=9999', {}, SITE)!;
    expect(past.onlyOk).toBe(true);
    await visitor.get(past.key, past.path, async () => page('no such page', 404), past.onlyOk);
    expect(visitor.fresh(past.key)).toBeUndefined();
  });

  it('serves an expired copy while rendering fails (database down), never a fresh error', async () => {
    let now = 0;
    const visitor = new VisitorCache({ maxBytes: 1 << 20, expiresAt: () => now + 1000, now: () => now });
    await visitor.get('/k', '/', async () => page('yesterday'));
    now = 5000;
    const answer = stored(await visitor.get('/k', '/', async () => page('down', 503)));
    expect(answer.variants.identity.body.toString()).toContain('yesterday');
  });

  it('keeps an image as it came: one copy of its bytes, its own Cache-Control, an ETag', async () => {
    const webp = Buffer.alloc(4096, 7);
    const answer = stored(
      await cache().get('/api/images/k\n', '/api/images/k', async () => ({
        status: 200,
        headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' },
        body: webp,
      })),
    );
    const visitor = cache();
    const br = visitor.variant(answer, 'br');
    if ('then' in br) throw new Error('an image is not compressed');
    expect(br.body).toBe(webp);
    expect(br.headers['content-encoding']).toBeUndefined();
    expect((visitor.variant(answer, 'gzip') as { etag: string }).etag).toBe(answer.variants.identity.etag);
    expect(answer.variants.identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.variants.identity.headers['vary']).toBeUndefined();
    expect(answer.bytes).toBeLessThan(webp.byteLength * 2);
  });

  it('counts each compressed copy against the bound, and gives every byte back when its path is invalidated', async () => {
    const visitor = cache();
    const answer = stored(await visitor.get('/p', '/p', async () => page('counted')));
    const identity = visitor.size.bytes;
    expect(identity).toBe(answer.bytes);
    const br = await visitor.variant(answer, 'br');
    expect(visitor.size.bytes).toBe(identity + br.body.byteLength);
    visitor.invalidatePaths(['/p']);
    expect(visitor.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('stays within its byte bound, dropping the least recently read first', async () => {
    const one = stored(await cache().get('/x', '/x', async () => page('size'))).bytes;
    const visitor = cache(one * 2 + 10);
    await visitor.get('/1', '/1', async () => page('size'));
    await visitor.get('/2', '/2', async () => page('size'));
    visitor.fresh('/1');
    await visitor.get('/3', '/3', async () => page('size'));
    expect(visitor.fresh('/1')).toBeDefined();
    expect(visitor.fresh('/2')).toBeUndefined();
    expect(visitor.fresh('/3')).toBeDefined();
    expect(visitor.size.bytes).toBeLessThanOrEqual(one * 2 + 10);
  });
});

describe('what may be answered from the cache', () => {
  const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    cacheableRequest(method, url, headers, SITE);

  it('covers visitor pages, their JSON and crawler files, ignoring query strings', () => {
    for (const url of [
      '/',
      '/public-projects',
      '/public-projects/12',
      '/projects',
      '/projects/3',
      '/portfolio-showcase',
      '/api/public/projects',
      '/api/public/projects/4',
      '/api/projects',
      '/api/projects/4',
      '/api/projects/4/gallery',
      '/sitemap.xml',
      '/robots.txt',
      '/rss.xml',
      '/feed.json',
    ]) {
      expect(request(url), url).not.toBeNull();
    }
    expect(request('/public-projects?utm=1')?.path).toBe('/public-projects');
    expect(request('/public-projects', {}, 'HEAD')).not.toBeNull();
  });

  it('keys the project lists by page and category, canonically, from a short allowlist; a search is never kept', () => {
    const target = (url: string) => request(url)!;
    expect(target('/public-projects?page=2')).toMatchObject({ path: '/public-projects', url: '/public-projects?page=2' });
    expect(target('/projects?page=3&category=research&utm=x')).toMatchObject({ path: '/projects', url: '/projects?category=research&page=3' });
    // The same page however it is asked for: one entry.
    for (const url of ['/public-projects?page=1', '/public-projects?category=all', '/public-projects?category=nonsense', '/public-projects?q=%20'])
      expect(target(url).key, url).toBe(target('/public-projects').key);
    expect(target('/portfolio-showcase?category=research&page=2').url).toBe('/portfolio-showcase?page=2');
    // /projects has no ui-ux-design button, the public list has.
    expect(target('/projects?category=ui-ux-design').url).toBe('/projects');
    expect(target('/public-projects?category=ui-ux-design').url).toBe('/public-projects?category=ui-ux-design');
    expect(target('/public-projects').onlyOk).toBe(false);
    // Free text and made-up page numbers are rendered each time.
    for (const url of ['/public-projects?q=robot', '/projects?page=abc', '/projects?page=0', '/projects?page=01', '/projects?page=10000'])
      expect(request(url), url).toBeNull();
    // Other paths still ignore their query.
    expect(target('/public-projects/12?page=2').url).toBe('/public-projects/12');
  });

  it('never covers a person with a session, a write, or private pages', () => {
    expect(request('/', { cookie: 'theme=dark; session=abc' })).toBeNull();
    expect(request('/projects', { cookie: '__Host-session=abc' })).toBeNull();
    expect(request('/api/projects', {}, 'POST')).toBeNull();
    for (const url of ['/data-management', '/diary', '/api/auth/user', '/api/kpis', '/projects/abc', '/api/login'])
      expect(request(url), url).toBeNull();
  });

  it('covers images for everyone, each variant width pages ask for apart, other queries never', () => {
    const image = '/api/images/abcdefghijklmnop';
    expect(request(image)).toMatchObject({ path: image, url: image, locale: null });
    expect(request(`${image}?w=480`)).toMatchObject({ path: image, url: `${image}?w=480` });
    expect(request(`${image}?w=480`)?.key).not.toBe(request(image)?.key);
    // The bytes do not depend on who asks, nor on the language or origin.
    expect(request(image, { cookie: 'session=abc', 'accept-language': 'sw-KE' })?.key).toBe(request(image)?.key);
    for (const url of [`${image}?w=481`, `${image}?w=480&x=1`, '/api/images/short', '/api/images/UPPERCASE123'])
      expect(request(url), url).toBeNull();
    expect(request(image, {}, 'DELETE')).toBeNull();
  });

  it('keys pages by the public origin they are rendered for (their links and HSTS depend on it), images not', () => {
    expect(cacheableRequest('GET', '/projects', {}, 'https://me.example')?.key).not.toBe(request('/projects')?.key);
    expect(cacheableRequest('GET', '/sitemap.xml', {}, 'https://me.example')?.key).not.toBe(request('/sitemap.xml')?.key);
    const image = '/api/images/abcdefghijklmnop';
    expect(cacheableRequest('GET', image, {}, 'https://me.example')?.key).toBe(request(image)?.key);
  });

  it('covers share cards for everyone, one copy whatever their fingerprint query', () => {
    const card = '/og/projects/7.png';
    expect(request(`${card}?v=0123456789ab`)).toMatchObject({ path: card, url: card, locale: null });
    expect(request(`${card}?v=0123456789ab`)?.key).toBe(request(card)?.key);
    expect(request(card, { cookie: 'session=abc', 'accept-language': 'sw-KE' })?.key).toBe(request(card)?.key);
    expect(request('/og/site.png')).toMatchObject({ path: '/og/site.png' });
    // The host printed on a card is the request's when SITE_URL is not set.
    const forOrigin = (origin: string) => cacheableRequest('GET', card, {}, origin)?.key;
    expect(forOrigin('http://a.example')).not.toBe(forOrigin('http://b.example'));
    for (const url of ['/og/projects/0.png', '/og/projects/x.png', '/og/projects/7.jpg', '/og/other.png']) expect(request(url), url).toBeNull();
  });

  it('keys pages by locale from a short list; other locales are rendered each time', () => {
    expect(request('/projects', { 'accept-language': 'de-DE,de;q=0.9' })?.key).not.toBe(request('/projects')?.key);
    expect(request('/projects', { 'accept-language': 'en-US' })?.key).toBe(request('/projects')?.key);
    expect(request('/projects', { 'accept-language': 'sw-KE' })).toBeNull();
    expect(request('/api/projects', { 'accept-language': 'sw-KE' })).not.toBeNull();
  });

  it('picks encodings and validators as clients send them', () => {
    expect(pickVariant(undefined)).toBe('identity');
    expect(pickVariant('gzip, deflate, br, zstd')).toBe('br');
    expect(pickVariant('br;q=0, gzip')).toBe('gzip');
    expect(matchesEtag('W/"abc", "def"', '"def"')).toBe(true);
    expect(matchesEtag('"abc"', '"def"')).toBe(false);
  });
});
