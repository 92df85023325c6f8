import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  A11Y_CLASS_PREFIX,
  ACCESSIBILITY_SWITCHES,
  COLOR_SCHEMES,
  CONTENT_WIDTHS,
  LAYOUTS,
  READING_RULER_LINES,
  SPACING_SETTINGS,
  TYPEFACES,
  layoutClass,
  rulerClass,
  schemeClass,
  switchClass,
  typefaceClass,
  widthClass,
} from '#domain/vocabulary.ts';

/*
 * Plain CSS cannot import domain/vocabulary.ts, so it writes the settings' class names by hand. This
 * holds every one of them to the module: a misspelt or renamed class (the dashboard once looked for
 * `.reduce-motion` while the settings set `a11y-reduce-motion`) fails here instead of doing nothing.
 */
const srcDir = fileURLToPath(new URL('..', import.meta.url));

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return /\.(css|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The accessibility chrome's own components share the prefix; they are not settings. */
const CHROME_CLASSES = new Set([
  'a11y-status',
  'a11y-status-chip',
  'a11y-switch',
  'a11y-range',
  'a11y-drawer',
  'a11y-fab',
  'a11y-break-host',
]);

const settingClasses = new Set([
  ...ACCESSIBILITY_SWITCHES.map(switchClass),
  ...COLOR_SCHEMES.filter((scheme) => scheme !== 'default').map(schemeClass),
  ...LAYOUTS.filter((layout) => layout !== 'default').map(layoutClass),
  ...TYPEFACES.filter((face) => face !== 'default').map(typefaceClass),
  ...CONTENT_WIDTHS.filter((width) => width !== 'wide').map(widthClass),
  ...SPACING_SETTINGS.map(switchClass),
  ...READING_RULER_LINES.filter((lines) => lines !== 0).map(rulerClass),
]);

describe('the accessibility class names in stylesheets', () => {
  const files = stylesheets(srcDir).map((path) => ({ name: relative(srcDir, path), text: readFileSync(path, 'utf8') }));

  it('are all classes the settings really put on <html>', () => {
    const unknown: string[] = [];
    for (const { name, text } of files) {
      for (const [, found] of text.matchAll(new RegExp(`\\.(${A11Y_CLASS_PREFIX}[a-z0-9-]+)`, 'g'))) {
        if (!settingClasses.has(found!) && !CHROME_CLASSES.has(found!)) unknown.push(`${name}: .${found}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('never use the bare names without the prefix', () => {
    const bare = [...settingClasses].map((name) => name.slice(A11Y_CLASS_PREFIX.length));
    const misses: string[] = [];
    for (const { name, text } of files) {
      for (const word of bare)
        if (new RegExp(`(^|[\\s,(>~+])\\.${word}\\b`, 'm').test(text)) misses.push(`${name}: .${word}`);
    }
    expect(misses).toEqual([]);
  });

  it('cover the motion switches in the dashboard, where scripted motion lives', () => {
    const dashboard = files.find((file) => file.name.endsWith('dashboard.css'))!.text;
    expect(dashboard).toContain(`html.${switchClass('reduceMotion')}`);
  });
});
