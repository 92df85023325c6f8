import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { matchesEtag, pickVariant, type Encoding } from '../cache/visitor-cache.ts';

/*
 * The build's public files (dist/client), served from memory. Files under /_astro/ carry a content
 * hash in their name, so browsers keep them for a year; the rest (favicon, robots of the public
 * folder, fonts) briefly, with validators. Text files are sent compressed: the build's .br/.gz
 * siblings when it made them, else compressed once here on first request.
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.webmanifest',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
]);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Public files keep their names across builds: a short life, then a cheap 304. */
export const SHORT_PUBLIC = 'public, max-age=600, must-revalidate';

/** Larger files are left to the adapter, which streams them. */
const MAX_IN_MEMORY = 4 * 1024 * 1024;

interface Loaded {
  variants: Partial<Record<Encoding, { body: Buffer; headers: Record<string, string>; etag: string }>>;
}

export interface StaticFiles {
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

function walk(dir: string, root: string, files: Map<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, root, files);
    else if (entry.isFile()) files.set('/' + relative(root, full).split(sep).join('/'), full);
  }
}

export function createStaticFiles(clientDir: string, assetsDir = '_astro'): StaticFiles {
  const files = new Map<string, string>();
  if (existsSync(clientDir)) walk(clientDir, clientDir, files);
  const loaded = new Map<string, Loaded | null>();

  function load(path: string, file: string): Loaded | null {
    const stat = statSync(file);
    if (stat.size > MAX_IN_MEMORY) return null;
    const ext = extname(path).toLowerCase();
    const body = readFileSync(file);
    const immutable = path.startsWith(`/${assetsDir}/`);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const base: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? IMMUTABLE : SHORT_PUBLIC,
      'last-modified': stat.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    };
    const make = (encoded: Buffer, encoding: Encoding) => {
      const etag = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      const headers: Record<string, string> = { ...base, etag, 'content-length': String(encoded.byteLength) };
      if (encoding !== 'identity') {
        headers['content-encoding'] = encoding;
      }
      return { body: encoded, headers, etag };
    };
    const result: Loaded = { variants: { identity: make(body, 'identity') } };
    if (COMPRESSIBLE.has(ext) && body.byteLength >= 512) {
      const prebuiltBr = files.get(`${path}.br`);
      const prebuiltGz = files.get(`${path}.gz`);
      const br = prebuiltBr
        ? readFileSync(prebuiltBr)
        : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = prebuiltGz ? readFileSync(prebuiltGz) : gzipSync(body, { level: 9 });
      result.variants.br = make(br, 'br');
      result.variants.gzip = make(gz, 'gzip');
      for (const variant of Object.values(result.variants)) variant!.headers.vary = 'Accept-Encoding';
    }
    return result;
  }

  return {
    serve(req, res) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
      const q = req.url.indexOf('?');
      let path = q < 0 ? req.url : req.url.slice(0, q);
      // Most paths have nothing to decode (and this runs before every cached answer too).
      if (path.includes('%')) {
        try {
          path = decodeURIComponent(path);
        } catch {
          return false;
        }
      }
      const file = files.get(path);
      if (!file) return false;
      let entry = loaded.get(path);
      if (entry === undefined) {
        entry = load(path, file);
        loaded.set(path, entry);
      }
      if (!entry) return false;
      const encoding = pickVariant(req.headers['accept-encoding']);
      const variant = entry.variants[encoding] ?? entry.variants.identity!;
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = req.headers['if-modified-since'];
      const unchanged = ifNoneMatch
        ? matchesEtag(ifNoneMatch, variant.etag)
        : Boolean(ifModifiedSince) && Date.parse(ifModifiedSince!) >= Date.parse(variant.headers['last-modified']!);
      if (unchanged) {
        res.writeHead(304, {
          etag: variant.etag,
          'cache-control': variant.headers['cache-control']!,
          ...(variant.headers.vary ? { vary: variant.headers.vary } : {}),
        });
        res.end();
        return true;
      }
      res.writeHead(200, variant.headers);
      res.end(req.method === 'HEAD' ? undefined : variant.body);
      return true;
    },
  };
}
