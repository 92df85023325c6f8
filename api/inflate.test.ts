import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { archiveCap, inflate, InflateRefused } from './inflate.ts';

/** gzip members of 1 MB of zeros each, concatenated (a valid gzip stream): a few KB that unpack to `megabytes` MB. */
export function gzipBomb(megabytes: number, first = new Uint8Array()): Uint8Array {
  const member = gzipSync(Buffer.alloc(1024 * 1024));
  return new Uint8Array(Buffer.concat([gzipSync(first), ...Array.from({ length: megabytes }, () => member)]));
}

async function* pieces(bytes: Uint8Array) {
  for (let offset = 0; offset < bytes.byteLength; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
}

describe('the capped inflate helper', () => {
  it('gives back what was compressed, in pieces', async () => {
    const text = 'a line of an archive\n'.repeat(10_000);
    const chunks: Uint8Array[] = [];
    const compressed = gzipSync(text);
    for await (const chunk of inflate(pieces(compressed), { maxBytes: text.length, describe: 'too much' })) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(text);
  });

  it('waits on back-pressure without piling up listeners (no leak warning on a long archive)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      // Random bytes do not compress: 4 MB in 64 KB pieces makes the inflater push back on every piece.
      const data = randomBytes(4 * 1024 * 1024);
      let seen = 0;
      for await (const chunk of inflate(pieces(gzipSync(data)), { maxBytes: data.byteLength, describe: 'too much' })) seen += chunk.byteLength;
      expect(seen).toBe(data.byteLength);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('caps archives at 20 times their compressed size and 1 GB', () => {
    expect(archiveCap(1000).maxBytes).toBe(20_000);
    expect(archiveCap(500 * 1024 * 1024).maxBytes).toBe(1024 * 1024 * 1024);
  });

  it('stops a gzip bomb at the cap: 1 GB of zeros in 1 MB, refused after 20 MB', async () => {
    const bomb = gzipBomb(1024);
    const cap = archiveCap(bomb.byteLength);
    expect(cap.maxBytes).toBeLessThan(25 * 1024 * 1024);
    let seen = 0;
    const attempt = (async () => {
      for await (const chunk of inflate(pieces(bomb), cap)) seen += chunk.byteLength;
    })();
    await expect(attempt).rejects.toBeInstanceOf(InflateRefused);
    await expect(attempt).rejects.toMatchObject({ reason: 'too-large' });
    expect(seen).toBeLessThanOrEqual(cap.maxBytes);
  });

  it('names data that is not gzip, and data cut short', async () => {
    const drain = async (bytes: Uint8Array) => {
      for await (const chunk of inflate(pieces(bytes), archiveCap(bytes.byteLength))) void chunk;
    };
    await expect(drain(new TextEncoder().encode('plain text'))).rejects.toMatchObject({ reason: 'not-gzip' });
    const whole = gzipSync(randomBytes(100_000));
    await expect(drain(whole.subarray(0, whole.byteLength - 20))).rejects.toMatchObject({ reason: 'truncated' });
  });
});
