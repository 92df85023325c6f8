import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { finishPage } from './finish-page.ts';

describe('finishPage', () => {
  it('narrows the policy of an HTML page to the hashes of its own inline code', async () => {
    const policy = "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b'";
    const page = new Response('<!DOCTYPE html><html><body><p>Hello</p></body></html>', {
      headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': policy },
    });
    const finished = await finishPage(page);
    expect(await finished.text()).toContain('<p>Hello</p>');
    expect(finished.headers.get('Content-Security-Policy')).not.toContain('sha256-a');
  });

  it('passes an already compressed page through untouched (a 404 comes back through the middleware compressed)', async () => {
    const body = gzipSync('<!DOCTYPE html><html><body><h1>404 Page Not Found</h1></body></html>');
    const page = new Response(body, {
      status: 404,
      headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' },
    });
    const finished = await finishPage(page);
    expect(finished.status).toBe(404);
    expect(Buffer.from(await finished.arrayBuffer()).equals(body)).toBe(true);
  });
});
