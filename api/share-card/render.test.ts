import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderProjectCard, renderSiteCard } from './render.ts';
import { cardVersion, clip, type CardProject } from './template.ts';

/** A PNG's size and colour type from its IHDR chunk, which comes first in every PNG. */
function pngHeader(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const project = (values: Partial<CardProject> = {}): CardProject => ({
  name: 'Calm Canvas',
  category: 'development',
  status: 'completed',
  imageUrl: null,
  ...values,
});

/** How many pixels of the title's area differ from the card's background: none means no text was drawn. */
async function inkInTitle(png: Buffer): Promise<number> {
  const { data } = await sharp(png).extract({ left: 64, top: 214, width: 600, height: 120 }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.filter((value) => value < 128).length;
}

/** The width of the title's dark pixels. */
async function inkWidth(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).extract({ left: 64, top: 214, width: 600, height: 120 }).greyscale().raw().toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[y * info.width + x]! < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  return right - left + 1;
}

describe('share cards', () => {
  it('are 1200×630 PNGs for a plain name, a 300-character name, right-to-left names and the site', async () => {
    const picture = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3a86ff' } }).webp().toBuffer();
    const cards = await Promise.all([
      renderProjectCard(project({ imageUrl: '/api/images/abcdefghijkl' }), 'me.example', picture),
      renderProjectCard(project({ name: 'Long name '.repeat(30) }), 'me.example', null),
      renderProjectCard(project({ name: 'مشروع الخط العربي' }), 'me.example', null),
      renderProjectCard(project({ name: 'תכנון ממשק בעברית' }), 'me.example', null),
      renderSiteCard('me.example'),
    ]);
    for (const card of cards) expect(pngHeader(card)).toEqual({ width: 1200, height: 630 });
    // The names are drawn, not left out or replaced by nothing.
    for (const card of cards.slice(0, 4)) expect(await inkInTitle(card)).toBeGreaterThan(2000);
  });

  it('draws Arabic and Hebrew with their own letters, not the missing-glyph boxes', async () => {
    // Without a font for the script every letter is the same box: five alefs would be as wide as five meems.
    // With one, an alef is a thin stroke and a meem a wide loop (and the same holds for Hebrew's vav and shin).
    const widths = await Promise.all(
      ['ااااا', 'ممممم', 'ווווו', 'ששששש'].map(async (name) => inkWidth(await renderProjectCard(project({ name }), 'me.example', null))),
    );
    expect(widths[1]! / widths[0]!).toBeGreaterThan(1.5);
    expect(widths[3]! / widths[2]!).toBeGreaterThan(1.5);
  });

  it('draw Cyrillic, Greek, Devanagari, Chinese and Japanese names with their own letters on a machine without fonts', async () => {
    // In a process of its own whose fontconfig knows none of this machine's fonts (like the node:24-slim image):
    // only the card's own fonts can draw. A character without a font is drawn as a box of the same size and
    // nearly the same ink whatever the character; with a font, a thin letter has far less ink than a heavy one.
    const pairs = {
      cyrillic: ['іііі', 'жжжж'],
      greek: ['ιιιι', 'ωωωω'],
      devanagari: ['रररर', 'झझझझ'],
      han: ['一一一', '警警警'],
      kana: ['ノノノ', 'ボボボ'],
      // No card font has Braille: a one-dot and a six-dot cell must both be boxes, or the machine's fonts leaked in.
      braille: ['⠁⠁⠁', '⠿⠿⠿'],
    };
    const folder = await mkdtemp(join(tmpdir(), 'cards-without-machine-fonts-'));
    try {
      const noFonts = join(folder, 'fonts.conf');
      await writeFile(noFonts, '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig></fontconfig>\n');
      const child = `
        import sharp from 'sharp';
        import { renderProjectCard } from ${JSON.stringify(new URL('./render.ts', import.meta.url).href)};
        const ink = {};
        for (const name of ${JSON.stringify(Object.values(pairs).flat())}) {
          const card = await renderProjectCard({ name, category: 'development', status: 'completed', imageUrl: null }, 'me.example', null);
          const { data } = await sharp(card).extract({ left: 64, top: 214, width: 600, height: 268 }).greyscale().raw().toBuffer({ resolveWithObject: true });
          ink[name] = data.filter((value) => value < 128).length;
        }
        console.log(JSON.stringify(ink));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', child], {
        env: { ...process.env, FONTCONFIG_FILE: noFonts },
        timeout: 60_000,
      });
      const ink = JSON.parse(stdout) as Record<string, number>;
      const ratio = ([thin, heavy]: string[]) => ink[heavy!]! / ink[thin!]!;
      expect(ratio(pairs.braille), 'Braille is boxes: the process sees no font of the machine').toBeLessThan(1.2);
      for (const [script, pair] of Object.entries(pairs).filter(([script]) => script !== 'braille'))
        expect(ratio(pair), `${script}: ${pair.join(' vs ')}`).toBeGreaterThan(1.5);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('change address when what they show changes, and only then', () => {
    const base = cardVersion(project());
    expect(cardVersion(project())).toBe(base);
    expect(cardVersion(project({ name: 'Calm Canvas 2' }))).not.toBe(base);
    expect(cardVersion(project({ status: 'active' }))).not.toBe(base);
    expect(cardVersion(project({ category: 'research' }))).not.toBe(base);
    expect(cardVersion(project({ imageUrl: '/api/images/abcdefghijkl' }))).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{12}$/);
  });

  it('cut text by whole characters, never half an emoji', () => {
    expect(clip('a'.repeat(10), 10)).toBe('a'.repeat(10));
    expect(clip('👩‍🎨'.repeat(5), 3)).toBe('👩‍🎨👩‍🎨…');
    expect(clip('  spaced \n out  ', 20)).toBe('spaced out');
  });
});
