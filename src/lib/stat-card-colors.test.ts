import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor } from './color-contrast.ts';
import { DEFAULT_SURFACES, softFill, statCardColors } from './stat-card-colors.ts';

describe('stat card colours', () => {
  it('mirror the card surfaces of the global palette', () => {
    const css = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8');
    const surfaceIn = (selector: string) => new RegExp(`${selector}\\s*{[^}]*--surface:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
    expect(surfaceIn(':root')).toBe(DEFAULT_SURFACES.light);
    expect(surfaceIn('\\.dark')).toBe(DEFAULT_SURFACES.dark);
  });

  it('give the value 4.5:1 and the sparkline 3:1 on both default surfaces', () => {
    const vars = statCardColors('#fbbf24');
    const on = (ink: string, surface: string) => contrastRatio(parseColor(ink)!, parseColor(surface)!);
    expect(on(vars['--stat-ink-light']!, DEFAULT_SURFACES.light)).toBeGreaterThanOrEqual(4.5);
    expect(on(vars['--stat-ink-dark']!, DEFAULT_SURFACES.dark)).toBeGreaterThanOrEqual(4.5);
    expect(on(vars['--stat-line-light']!, DEFAULT_SURFACES.light)).toBeGreaterThanOrEqual(3);
    expect(vars['--stat-color']).toBe('#fbbf24');
    expect(vars['--stat-ink']).toBeUndefined();
  });

  it('adds shades for a measured surface when one is known', () => {
    const vars = statCardColors('#6fffe9', 'rgb(0, 0, 0)');
    expect(vars['--stat-ink']).toBe('#6fffe9');
    expect(statCardColors('#6fffe9', '#ffffff')['--stat-ink']).not.toBe('#6fffe9');
  });

  it('fills the sparkline with the colour at hex alpha 20', () => {
    expect(softFill('#6fffe9')).toBe('#6fffe920');
    expect(softFill('teal')).toBe('transparent');
  });
});
