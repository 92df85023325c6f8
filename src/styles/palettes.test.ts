import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEMES } from '../lib/accessibility-settings.ts';

/*
 * Every palette the settings can produce, read from the CSS itself (global.css for the default palette,
 * accessibility.css for the schemes and overlays), held to WCAG 2.2 AA: 4.5:1 for text, 3:1 for
 * UI parts (control edges, focus rings, status marks) and chart lines.
 */

interface Block {
  selector: string;
  vars: Record<string, string>;
}

/** Flat `selector { --var: value; }` blocks, in file order (nested at-rule contents included, harmlessly). */
function blocks(file: string): Block[] {
  const css = readFileSync(new URL(file, import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const found: Block[] = [];
  for (const match of css.matchAll(/([^{};]+)\{([^{}]*)\}/g)) {
    const vars: Record<string, string> = {};
    for (const declaration of match[2]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);?/g)) vars[declaration[1]!] = declaration[2]!.trim();
    found.push({ selector: match[1]!.trim().replace(/\s+/g, ' '), vars });
  }
  return found;
}

const all = [...blocks('./global.css'), ...blocks('./accessibility.css')];

const OVERLAYS = ['color-blind-friendly', 'calm-colors', 'high-contrast'] as const;

/** The selectors that apply for a scheme, a mode and some overlays, in the order they are written. */
function palette(scheme: string, dark: boolean, overlays: readonly string[]): Record<string, string> {
  const active = new Set([':root']);
  if (dark) active.add('.dark');
  const on = (cls: string) => active.add(dark ? `html.dark.a11y-${cls}` : `html.a11y-${cls}:not(.dark)`);
  if (scheme !== 'default') on(`scheme-${scheme}`);
  for (const overlay of overlays) on(overlay);
  const vars: Record<string, string> = {};
  for (const block of all) if (active.has(block.selector)) Object.assign(vars, block.vars);
  const resolve = (value: string, depth = 0): string => {
    const reference = /^var\((--[\w-]+)\)$/.exec(value);
    if (!reference || depth > 5) return value;
    return resolve(vars[reference[1]!] ?? value, depth + 1);
  };
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, resolve(value)]));
}

function luminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const SURFACES = ['--bg', '--surface', '--surface-2'];
const TEXT = ['--text', '--muted', '--accent-text', '--danger', '--ok', '--warn'];
const UI = [
  '--control-border',
  '--focus-ring',
  '--status-planned',
  '--status-active',
  '--status-completed',
  '--status-unknown',
  ...[1, 2, 3, 4, 5, 6].map((n) => `--chart-${n}`),
];

/** Every subset of the overlays, so any combination a person can switch on is checked. */
const overlaySets = OVERLAYS.reduce<string[][]>((sets, overlay) => [...sets, ...sets.map((set) => [...set, overlay])], [[]]);

function failures(scheme: string, dark: boolean, overlays: string[]): string[] {
  const vars = palette(scheme, dark, overlays);
  const problems: string[] = [];
  const check = (fg: string, bg: string, min: number) => {
    const ratio = contrast(vars[fg]!, vars[bg]!);
    if (ratio < min) problems.push(`${fg} ${vars[fg]} on ${bg} ${vars[bg]}: ${ratio.toFixed(2)} < ${min}`);
  };
  for (const bg of SURFACES) {
    for (const fg of TEXT) check(fg, bg, 4.5);
    for (const fg of UI) check(fg, bg, 3);
  }
  check('--accent-contrast', '--accent', 4.5);
  return problems;
}

describe('colour palettes', () => {
  it('defines every palette variable as a plain colour in each scheme, light and dark', () => {
    for (const scheme of COLOR_SCHEMES) {
      for (const dark of [false, true]) {
        const vars = palette(scheme, dark, []);
        for (const name of [...SURFACES, ...TEXT, ...UI, '--accent', '--accent-contrast', '--border']) {
          expect(vars[name], `${scheme} ${dark ? 'dark' : 'light'} ${name}`).toMatch(/^#[0-9a-f]{6}$/i);
        }
      }
    }
  });

  it('gives each scheme its own palette', () => {
    const backgrounds = COLOR_SCHEMES.map((scheme) => palette(scheme, false, [])['--bg']);
    expect(new Set(backgrounds).size).toBe(COLOR_SCHEMES.length);
    const darkBackgrounds = COLOR_SCHEMES.map((scheme) => palette(scheme, true, [])['--bg']);
    expect(new Set(darkBackgrounds).size).toBe(COLOR_SCHEMES.length);
  });

  for (const scheme of COLOR_SCHEMES) {
    for (const dark of [false, true]) {
      it(`keeps text at 4.5:1 and UI parts and chart lines at 3:1 in the ${scheme} scheme (${dark ? 'dark' : 'light'}), with any overlay`, () => {
        const problems = overlaySets.flatMap((overlays) =>
          failures(scheme, dark, overlays).map((problem) => `[${overlays.join('+') || 'plain'}] ${problem}`),
        );
        expect(problems).toEqual([]);
      });
    }
  }

  it('raises contrast when high contrast is on, within the same scheme', () => {
    for (const scheme of COLOR_SCHEMES) {
      for (const dark of [false, true]) {
        const plain = palette(scheme, dark, []);
        const raised = palette(scheme, dark, ['high-contrast']);
        expect(contrast(raised['--muted']!, raised['--bg']!)).toBeGreaterThanOrEqual(contrast(plain['--muted']!, plain['--bg']!));
        expect(contrast(raised['--border']!, raised['--surface']!)).toBeGreaterThanOrEqual(3);
        expect(raised['--bg']).toBe(plain['--bg']);
      }
    }
  });

  it('measures contrast as WCAG defines it', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
