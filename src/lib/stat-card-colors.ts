import { GRAPHIC_CONTRAST, TEXT_CONTRAST, readableShade } from './color-contrast.ts';

/**
 * The default card surfaces of the two themes (--surface in src/styles/global.css). The server renders
 * each card with shades for both, so the first paint is right in either theme; once hydrated, the island
 * measures the card's real surface (an accessibility colour scheme may change it) and adjusts.
 */
export const DEFAULT_SURFACES = { light: '#ffffff', dark: '#121b2e' } as const;

/** The card colour at hex alpha 20, SPEC's sparkline fill; a colour that is not #rrggbb gets none. */
export function softFill(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}20` : 'transparent';
}

/**
 * CSS custom properties for a stat card: its raw colour (icon background, glow, fill), the value's ink
 * (4.5:1) and the sparkline's stroke (3:1), for each default theme and, when known, for the measured surface.
 */
export function statCardColors(color: string, surface?: string | null): Record<string, string> {
  const vars: Record<string, string> = {
    '--stat-color': color,
    '--stat-fill': softFill(color),
    '--stat-ink-light': readableShade(color, DEFAULT_SURFACES.light, TEXT_CONTRAST),
    '--stat-ink-dark': readableShade(color, DEFAULT_SURFACES.dark, TEXT_CONTRAST),
    '--stat-line-light': readableShade(color, DEFAULT_SURFACES.light, GRAPHIC_CONTRAST),
    '--stat-line-dark': readableShade(color, DEFAULT_SURFACES.dark, GRAPHIC_CONTRAST),
  };
  if (surface) {
    vars['--stat-ink'] = readableShade(color, surface, TEXT_CONTRAST);
    vars['--stat-line'] = readableShade(color, surface, GRAPHIC_CONTRAST);
  }
  return vars;
}
