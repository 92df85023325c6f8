/**
 * WCAG 2.x colour contrast, pure: every stat card has its own colour, and that colour must stay
 * readable on whatever surface the card sits on (light, dark or an accessibility scheme).
 */

export type Rgb = readonly [number, number, number];

/** AA for normal text; 3:1 is the floor for large text, icons and chart lines. */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

/** '#rgb', '#rrggbb' (an alpha part is ignored), 'rgb(r, g, b)' or 'rgb(r g b / a)'; null for anything else. */
export function parseColor(input: string): Rgb | null {
  const value = input.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex) {
    if (hex.length === 3 || hex.length === 4) return [0, 1, 2].map((i) => parseInt(hex[i]! + hex[i]!, 16)) as unknown as Rgb;
    if (hex.length === 6 || hex.length === 8) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
    return null;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(value);
  if (rgb) {
    const channels = [rgb[1], rgb[2], rgb[3]].map((part) => Math.round(Number(part)));
    if (channels.every((channel) => channel >= 0 && channel <= 255)) return channels as unknown as Rgb;
  }
  return null;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance as WCAG defines it (sRGB, linearised). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/*
 * Answers kept by colour, surface and minimum: every signed-in render asks the same few dozen (each KPI
 * card's colour against both themes' surfaces), and the search below allocates on every call (issue 14's
 * render tail: allocation is what brings the garbage collector's pauses; docs/performance.md).
 */
const shades = new Map<string, string>();
const MAX_SHADES = 512;

/**
 * The colour itself when it meets `minimum` against `surface`; otherwise the lightest (on a light surface)
 * or darkest (on a dark one) shade of the same hue and saturation that does. Unparseable input yields the
 * surface's own best text colour, so the answer is always readable.
 */
export function readableShade(color: string, surface: string, minimum = TEXT_CONTRAST): string {
  const key = `${color}|${surface}|${minimum}`;
  const known = shades.get(key);
  if (known !== undefined) return known;
  const shade = findReadableShade(color, surface, minimum);
  if (shades.size >= MAX_SHADES) shades.clear();
  shades.set(key, shade);
  return shade;
}

function findReadableShade(color: string, surface: string, minimum: number): string {
  const fg = parseColor(color);
  const bg = parseColor(surface) ?? ([255, 255, 255] as const);
  const surfaceIsLight = relativeLuminance(bg) > 0.18;
  if (!fg) return surfaceIsLight ? '#000000' : '#ffffff';
  if (contrastRatio(fg, bg) >= minimum) return toHex(fg);

  const [hue, saturation, lightness] = rgbToHsl(fg);
  // Binary search on lightness alone: the readable shade closest to the original colour.
  let readable = surfaceIsLight ? 0 : 1;
  let unreadable = lightness;
  for (let step = 0; step < 24; step++) {
    const middle = (readable + unreadable) / 2;
    if (contrastRatio(hslToRgb(hue, saturation, middle), bg) >= minimum) readable = middle;
    else unreadable = middle;
  }
  const shade = hslToRgb(hue, saturation, readable);
  // Rounding to whole channels can lose a hair of contrast: nudge one more step if it did.
  if (contrastRatio(shade, bg) >= minimum) return toHex(shade);
  return toHex(hslToRgb(hue, saturation, readable + (surfaceIsLight ? -0.01 : 0.01)));
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  let hue: number;
  if (max === rn) hue = (gn - bn) / delta + (gn < bn ? 6 : 0);
  else if (max === gn) hue = (bn - rn) / delta + 2;
  else hue = (rn - gn) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const l = Math.min(1, Math.max(0, lightness));
  if (saturation === 0) return [l * 255, l * 255, l * 255].map(Math.round) as unknown as Rgb;
  const q = l < 0.5 ? l * (1 + saturation) : l + saturation - l * saturation;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (tt < 1 / 6) return p + (q - p) * 6 * tt;
    if (tt < 1 / 2) return q;
    if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
    return p;
  };
  return [channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3)].map((c) => Math.round(c * 255)) as unknown as Rgb;
}

/** Hue in degrees, for tests and for anyone checking that a shade kept its colour. */
export function hueOf(color: Rgb): number {
  return rgbToHsl(color)[0] * 360;
}
