import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { base, call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/** POST /api/upload-image: real images are re-encoded and served back; anything else is refused. */
let admin = '';
beforeAll(async () => {
  admin = await sessionCookie('admin');
});

function upload(bytes: Uint8Array, name: string, type: string, cookie = admin) {
  const form = new FormData();
  form.set('image', new Blob([bytes as BlobPart], { type }), name);
  return fetch(new URL('/api/upload-image', base()), { method: 'POST', body: form, headers: { Origin: base(), Cookie: cookie } });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 111, g: 255, b: 233 } } }).png().toBuffer();

describe('image upload', () => {
  it('accepts a real PNG and serves it back as an image with its variants', async () => {
    const response = await upload(new Uint8Array(await png(1200, 800)), 'screenshot.png', 'image/png');
    expect(response.status).toBe(201);
    const { imageUrl } = await response.json();
    expect(imageUrl).toMatch(/^\/api\/images\/[a-z0-9]+$/);

    const image = await fetch(new URL(imageUrl, base()));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(new Uint8Array(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);

    // Each variant at its own width; a phone card (about 380 px at 1.75x) gets the 720 px one.
    for (const width of [480, 720, 960]) {
      const variant = await fetch(new URL(`${imageUrl}?w=${width}`, base()));
      expect((await sharp(new Uint8Array(await variant.arrayBuffer())).metadata()).width).toBe(width);
    }
  });

  it('refuses a text file named .png', async () => {
    const response = await upload(new TextEncoder().encode('hello, not an image'), 'fake.png', 'image/png');
    expect(response.status).toBe(415);
  });

  it('refuses an SVG carrying a script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const response = await upload(new TextEncoder().encode(svg), 'logo.svg', 'image/svg+xml');
    expect(response.status).toBe(415);
  });

  it('refuses HTML disguised as an image', async () => {
    const response = await upload(new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'x.gif', 'image/gif');
    expect(response.status).toBe(415);
  });

  it('refuses a 9000×9000 image (too many pixels to decode safely)', async () => {
    const response = await upload(new Uint8Array(await png(9000, 9000)), 'huge.png', 'image/png');
    expect(response.status).toBe(413);
  });

  it('refuses an 11 MB body with 413', async () => {
    const response = await upload(new Uint8Array(11 * 1024 * 1024), 'big.png', 'image/png');
    expect(response.status).toBe(413);
  });

  it('answers a missing image field with 400', async () => {
    const form = new FormData();
    form.set('other', 'x');
    const response = await fetch(new URL('/api/upload-image', base()), { method: 'POST', body: form, headers: { Origin: base(), Cookie: admin } });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe('image');
  });

  it('stores a data: URL sent in a project PATCH through the same pipeline', async () => {
    const dataUrl = `data:image/png;base64,${(await png(64, 48)).toString('base64')}`;
    const response = await call('/api/projects/1', { method: 'PATCH', body: { imageUrl: dataUrl }, cookie: admin });
    expect(response.status).toBe(200);
    const { imageUrl } = await response.json();
    expect(imageUrl).toMatch(/^\/api\/images\/[a-z0-9]+$/);
    expect((await fetch(new URL(imageUrl, base()))).headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a data: URL that is not an image', async () => {
    const dataUrl = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;
    const response = await call('/api/projects/1', { method: 'PATCH', body: { imageUrl: dataUrl }, cookie: admin });
    expect(response.status).toBe(415);
  });
});
