import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

/*
 * Compression for text answers. Pages carry their CSS inline (one round trip to first paint): compressed,
 * a page fits (with the headers) in the first 14.6 KB a new connection may send, a whole round trip sooner on
 * a phone (the pages' sizes: docs/performance.md). The Node server does not
 * compress by itself; behind Vercel's CDN an encoded answer passes as it is.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** Smaller bodies gain nothing from the framing. */
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (a q=0 refuses one), or null. */
export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim().toLowerCase());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

// Brotli quality 5 (of 11): within a few percent of the best, at a fraction of its CPU time.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP = { level: constants.Z_BEST_COMPRESSION };

function compressor(encoding: Encoding) {
  return encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);
}

const brotliBytes = promisify(brotliCompress);
const gzipBytes = promisify(gzip);

/** A whole body compressed at once, as compressResponse would stream it (for answers kept compressed). */
export function compressBytes(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliBytes(body, BROTLI) : gzipBytes(body, GZIP);
}

/** Whether compressResponse compresses a body of this type and length at all. */
export function compressible(contentType: string | null, length: number): boolean {
  return COMPRESSIBLE.test(contentType ?? '') && length >= MIN_BYTES;
}

export function compressResponse(request: Request, response: Response): Response {
  const headers = response.headers;
  if (!response.body || request.method === 'HEAD' || response.status === 204 || response.status === 304) return response;
  if (headers.has('Content-Encoding') || !COMPRESSIBLE.test(headers.get('Content-Type') ?? '')) return response;
  const length = headers.get('Content-Length');
  if (length !== null && Number(length) < MIN_BYTES) return response;
  headers.append('Vary', 'Accept-Encoding');
  const encoding = pickEncoding(request.headers.get('Accept-Encoding'));
  if (!encoding) return response;
  const compressed = new Headers(headers);
  compressed.set('Content-Encoding', encoding);
  compressed.delete('Content-Length');
  const source = Readable.fromWeb(response.body as NodeReadableStream);
  const body = source.pipe(compressor(encoding));
  // A page that fails half-way must end the compressed stream with the error, not leave it hanging.
  source.on('error', (error) => body.destroy(error));
  return new Response(Readable.toWeb(body) as ReadableStream, {
    status: response.status,
    statusText: response.statusText,
    headers: compressed,
  });
}
