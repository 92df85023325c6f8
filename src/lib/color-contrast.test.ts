import { describe, expect, it } from 'vitest';
import { contrastRatio, hueOf, parseColor, readableShade, toHex } from './color-contrast.ts';

const ratio = (a: string, b: string) => contrastRatio(parseColor(a)!, parseColor(b)!);

describe('colour contrast', () => {
  it('reads hex in short and long form and the rgb() a browser reports', () => {
    expect(parseColor('#6FFFE9')).toEqual([111, 255, 233]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('#6fffe920')).toEqual([111, 255, 233]);
    expect(parseColor('rgb(18, 27, 46)')).toEqual([18, 27, 46]);
    expect(parseColor('rgb(18 27 46 / 0.5)')).toEqual([18, 27, 46]);
    expect(parseColor('oklch(0.5 0.1 200)')).toBeNull();
    expect(parseColor('teal')).toBeNull();
  });

  it('measures the WCAG ratio: black on white is 21, a colour on itself is 1', () => {
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(ratio('#777777', '#777777')).toBe(1);
    // A known pair: #767676 on white is the classic 4.54:1.
    expect(ratio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('keeps a colour that already meets 4.5:1 on the surface', () => {
    expect(readableShade('#6fffe9', '#121b2e')).toBe('#6fffe9');
    expect(readableShade('#00736A', '#ffffff')).toBe('#00736a');
  });

  it('darkens the mint accent on a white card until it reads at 4.5:1, keeping its hue', () => {
    const shade = readableShade('#6fffe9', '#ffffff');
    expect(shade).not.toBe('#6fffe9');
    expect(ratio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(hueOf(parseColor(shade)!) - hueOf(parseColor('#6fffe9')!))).toBeLessThan(3);
    // The closest readable shade, not black: it stays within a hair of the threshold.
    expect(ratio(shade, '#ffffff')).toBeLessThan(4.8);
  });

  it('lightens a dark colour on a dark surface', () => {
    const shade = readableShade('#1e3a8a', '#121b2e');
    expect(ratio(shade, '#121b2e')).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(hueOf(parseColor(shade)!) - hueOf(parseColor('#1e3a8a')!))).toBeLessThan(3);
  });

  it('meets a lower threshold for graphics such as sparkline strokes', () => {
    for (const color of ['#fbbf24', '#4ade80', '#6fffe9', '#f472b6']) {
      const shade = readableShade(color, '#ffffff', 3);
      expect(ratio(shade, '#ffffff')).toBeGreaterThanOrEqual(3);
    }
  });

  it('falls back to the surface\'s best text colour when the colour cannot be read', () => {
    expect(readableShade('not a colour', '#ffffff')).toBe('#000000');
    expect(readableShade('not a colour', '#121b2e')).toBe('#ffffff');
  });

  it('holds the threshold for every seeded stat colour on both default surfaces', () => {
    const colors = ['#6fffe9', '#a78bfa', '#60a5fa', '#4ade80', '#fbbf24', '#f472b6', '#fb7185', '#fb923c'];
    for (const surface of ['#ffffff', '#121b2e', '#000000', '#fdfdf8']) {
      for (const color of colors) expect(ratio(readableShade(color, surface), surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes colours back as lower-case #rrggbb', () => {
    expect(toHex([0, 115, 106])).toBe('#00736a');
  });
});
