import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse, pickEncoding } from './compress.ts';

const html = '<!doctype html>' + '<p>portfolio</p>'.repeat(200);
const request = (acceptEncoding?: string) => new Request('http://x.test/', { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const page = () => new Response(html, { headers: { 'Content-Type': 'text/html' } });

describe('compressing answers', () => {
  it('sends brotli to a browser that accepts it, and it decodes to the same page', async () => {
    const response = compressResponse(request('gzip, deflate, br, zstd'), page());
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(html.length / 4);
    expect(brotliDecompressSync(bytes).toString()).toBe(html);
  });

  it('falls back to gzip', async () => {
    const response = compressResponse(request('gzip'), page());
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html);
  });

  it('leaves the answer alone for a client without either, for images and for tiny bodies', () => {
    expect(compressResponse(request(), page()).headers.get('content-encoding')).toBeNull();
    expect(compressResponse(request('gzip;q=0, identity'), page()).headers.get('content-encoding')).toBeNull();
    const image = new Response(new Uint8Array(5000), { headers: { 'Content-Type': 'image/webp' } });
    expect(compressResponse(request('gzip'), image).headers.get('content-encoding')).toBeNull();
    const tiny = new Response('{}', { headers: { 'Content-Type': 'application/json', 'Content-Length': '2' } });
    expect(compressResponse(request('gzip'), tiny).headers.get('content-encoding')).toBeNull();
  });

  it('reads Accept-Encoding with quality values', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });
});
