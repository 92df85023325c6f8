import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff.ts';

const require = createRequire(import.meta.url);

/** The OpenType table checksum: the sum of the table's big-endian 32-bit words. */
function checksum(table: Buffer): number {
  const padded = Buffer.alloc((table.length + 3) & ~3);
  table.copy(padded);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

describe('unpacking WOFF fonts', () => {
  it('gives the TrueType file whose every table matches the checksum the WOFF directory states', async () => {
    const woff = await readFile(require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff'));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const tables = sfnt.readUInt16BE(4);
    expect(tables).toBe(woff.readUInt16BE(12));
    const tags: string[] = [];
    for (let index = 0; index < tables; index++) {
      const at = 12 + index * 16;
      const tag = sfnt.toString('latin1', at, at + 4);
      tags.push(tag);
      const offset = sfnt.readUInt32BE(at + 8);
      const length = sfnt.readUInt32BE(at + 12);
      expect(offset % 4, tag).toBe(0);
      // head's checksum leaves out its checkSumAdjustment field, which the whole-file sum sets.
      if (tag !== 'head') expect(checksum(sfnt.subarray(offset, offset + length)), tag).toBe(sfnt.readUInt32BE(at + 4));
    }
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'GSUB', 'head', 'name']));
  });

  it('refuses what is not a WOFF 1 file, or one cut short', async () => {
    expect(() => woffToSfnt(new TextEncoder().encode('wOF2 and more bytes than a header needs, surely enough'))).toThrow(/Not a WOFF 1/);
    const woff = await readFile(require.resolve('@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff'));
    expect(() => woffToSfnt(woff.subarray(0, woff.length / 2))).toThrow(/past the end|cut short/);
  });
});
