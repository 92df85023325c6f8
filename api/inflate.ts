import { createGunzip, type Gunzip } from 'node:zlib';

/*
 * The one way the server inflates gzip data it did not make: streamed, a chunk at a time, stopped as
 * soon as the inflated size passes the cap the caller names for its use (archives: 20 times the
 * compressed size and at most 1 GB). A gzip bomb costs at most the cap, never the size it claims.
 */

/** Why inflating stopped: a message for the person who sent the data. */
export class InflateRefused extends Error {
  readonly reason: 'not-gzip' | 'too-large' | 'truncated' | 'damaged';
  constructor(message: string, reason: InflateRefused['reason']) {
    super(message);
    this.name = 'InflateRefused';
    this.reason = reason;
  }
}

export interface InflateCap {
  /** Largest inflated size, in bytes. */
  maxBytes: number;
  /** How the cap reads in a refusal, e.g. "20 times its compressed size (at most 1 GB)". */
  describe: string;
}

/** The cap for an archive of `compressedBytes`: 20 times its size, and 1 GB at most. */
export function archiveCap(compressedBytes: number): InflateCap {
  const GB = 1024 * 1024 * 1024;
  return {
    maxBytes: Math.min(GB, Math.max(1, compressedBytes) * 20),
    describe: 'more than 20 times its compressed size (or more than 1 GB)',
  };
}

// Whichever comes first; the other listener goes too, or every wait would leave one behind.
const drainedOrClosed = (stream: Gunzip) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/** The inflated bytes of gzip data, chunk by chunk; throws InflateRefused past the cap or on damaged data. */
export async function* inflate(source: AsyncIterable<Uint8Array>, cap: InflateCap): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip();
  let inflated = 0;
  let first = true;
  // Feeds the compressed chunks in, honouring back-pressure, so only a chunk or two is ever waiting.
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        if (first) {
          first = false;
          if (chunk.byteLength < 2 || chunk[0] !== 0x1f || chunk[1] !== 0x8b) {
            throw new InflateRefused('The file is not gzip-compressed.', 'not-gzip');
          }
        }
        if (gunzip.destroyed) return;
        if (!gunzip.write(chunk)) await drainedOrClosed(gunzip);
      }
      if (first) throw new InflateRefused('The file is empty.', 'not-gzip');
      gunzip.end();
    } catch (error) {
      gunzip.destroy(error as Error);
    }
  })();
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      inflated += chunk.byteLength;
      if (inflated > cap.maxBytes) throw new InflateRefused(`The data unpacks to ${cap.describe}.`, 'too-large');
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  } catch (error) {
    if (error instanceof InflateRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new InflateRefused('The data is truncated (the compressed data ends early).', 'truncated');
    throw new InflateRefused('The data is damaged (its compressed data cannot be read).', 'damaged');
  } finally {
    gunzip.destroy();
    await feeding;
  }
}
