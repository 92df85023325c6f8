import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { archiveCap } from '../inflate.ts';
import { parseArchive } from './read.ts';
import { tarHeader } from './tar.ts';

/*
 * Gzip bombs against the archive reader: refused at the cap (20 times the compressed size), the resident
 * memory rising by no more than the cap (what the reader holds until the manifest, the last entry, is in)
 * plus a fixed allowance for the process's own working memory. The reader before the cap unpacked all of
 * it in memory: 1 GB here.
 */
const WORKING = 16 * 1024 * 1024;
const MB = 1024 * 1024;
const zeros = gzipSync(Buffer.alloc(MB));

/** A gzip stream of `first` (compressed) followed by `megabytes` members of 1 MB of zeros each. */
const bomb = (first: Uint8Array, megabytes: number) =>
  new Uint8Array(Buffer.concat([gzipSync(first), ...Array.from({ length: megabytes }, () => zeros)]));

/** Peak resident memory in bytes (Linux reports kilobytes). */
const peak = () => process.resourceUsage().maxRSS * 1024;

/**
 * Refuses `archive`? And how far the resident memory rose meanwhile: sampled every few milliseconds, and
 * by the process's peak (which catches a rise between samples once it passes every earlier peak).
 */
async function refusedWithin(archive: Uint8Array): Promise<{ error: Error; growth: number; cap: number }> {
  const cap = archiveCap(archive.byteLength).maxBytes;
  const before = process.memoryUsage.rss();
  const peakBefore = Math.max(peak(), before);
  let highest = before;
  const sampler = setInterval(() => (highest = Math.max(highest, process.memoryUsage.rss())), 2);
  const error = await parseArchive(archive).then(
    () => new Error('accepted'),
    (refusal: Error) => refusal,
  );
  clearInterval(sampler);
  return { error, growth: Math.max(highest - before, peak() - peakBefore), cap };
}

describe('gzip bombs', { timeout: 60_000 }, () => {
  it('refuses one file that unpacks to 1 GB from 1 MB, reading none of it', async () => {
    // A tar header declaring a 1 GB table file, then the zeros that fill it.
    const { error, growth, cap } = await refusedWithin(bomb(tarHeader('tables/projects.jsonl', 1024 * MB, new Date()), 1024));
    expect(error.message).toMatch(/more than 20 times its compressed size.*gzip bomb/);
    expect(growth).toBeLessThan(cap + WORKING);
  });

  it('refuses many files that together unpack to 1 GB, stopping at the cap', async () => {
    // 1 MB files one after another: each is fine, their sum is not.
    const header = (index: number) => tarHeader(`images/bomb/${index}.png`, MB, new Date());
    const parts: Uint8Array[] = [];
    for (let index = 0; index < 1024; index++) parts.push(gzipSync(header(index)), zeros);
    const archive = new Uint8Array(Buffer.concat(parts));
    const { error, growth, cap } = await refusedWithin(archive);
    expect(error.message).toMatch(/more than 20 times its compressed size.*gzip bomb/);
    expect(growth).toBeLessThan(cap + WORKING);
  });
});
