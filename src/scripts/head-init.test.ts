import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  BADGES,
  COLOR_SCHEMES,
  CONTENT_WIDTHS,
  DEFAULT_SETTINGS,
  LAYOUTS,
  PRESET_NAMES,
  READING_RULER_LINES,
  TYPEFACES,
  applyPreset,
  effectiveDefaults,
  parseStoredText,
  settingsToDom,
  type OsPreferences,
} from '../lib/accessibility-settings.ts';
import { minifyInlineScript } from '../../build/inline-scripts.mjs';
import { DEFAULT_THEME, STORAGE_KEYS } from '#domain/vocabulary.ts';

// As the pages carry it: minified at build time (build/inline-scripts.mjs).
const code = minifyInlineScript(fileURLToPath(new URL('./head-init.js', import.meta.url)));

interface Rendered {
  classes: string[];
  vars: Record<string, string>;
  badges: string;
}

/** Runs the head script in a bare context with just enough of a browser: what it leaves on <html>. */
function runHeadScript(stored: string | null, os: OsPreferences & { dark?: boolean }, theme: string | null = null): Rendered {
  const classes = new Set<string>();
  const vars: Record<string, string> = {};
  const attributes: Record<string, string> = {};
  const storage: Record<string, string | null> = { [STORAGE_KEYS.accessibility]: stored, [STORAGE_KEYS.theme]: theme };
  const media: Record<string, boolean> = {
    '(prefers-color-scheme: dark)': Boolean(os.dark),
    '(prefers-reduced-motion: reduce)': os.reducedMotion,
    '(prefers-contrast: more)': os.moreContrast,
  };
  const documentElement = {
    classList: {
      add: (name: string) => classes.add(name),
      toggle: (name: string, force: boolean) => (force ? classes.add(name) : classes.delete(name)),
      contains: (name: string) => classes.has(name),
    },
    style: { setProperty: (name: string, value: string) => (vars[name] = value) },
    setAttribute: (name: string, value: string) => (attributes[name] = value),
  };
  runInNewContext(code, {
    document: { documentElement, addEventListener: () => {} },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    matchMedia: (query: string) => {
      if (!(query in media)) throw new Error(`unexpected media query ${query}`);
      return { matches: media[query] };
    },
  });
  return { classes: [...classes].filter((name) => name.startsWith('a11y-')).sort(), vars, badges: attributes['data-a11y-badges'] ?? '' };
}

/** The TypeScript module's view of the same stored text. */
function expected(stored: string | null, os: OsPreferences): Rendered {
  const dom = settingsToDom(parseStoredText(stored, effectiveDefaults(os)));
  return { classes: [...dom.classes].sort(), vars: dom.vars, badges: dom.badges.join(' ') };
}

const noOs = { reducedMotion: false, moreContrast: false };
const base = effectiveDefaults(noOs);

/** A deterministic spread of settings: every switch, scheme, layout and slider end at least once. */
function variedSettings(): string[] {
  const samples: string[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 60; i++) {
    const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(settings)) if (typeof settings[key] === 'boolean') settings[key] = next() < 0.5;
    settings.fontSize = 12 + Math.floor(next() * 13);
    settings.lineHeight = Math.round((1.2 + Math.floor(next() * 14) / 10) * 10) / 10;
    settings.colorScheme = COLOR_SCHEMES[i % COLOR_SCHEMES.length];
    settings.layout = LAYOUTS[i % LAYOUTS.length];
    settings.breakReminderMinutes = 5 + 5 * Math.floor(next() * 24);
    settings.letterSpacing = Math.floor(next() * 21) / 100;
    settings.wordSpacing = Math.floor(next() * 6) / 10;
    settings.paragraphSpacing = Math.floor(next() * 5) / 2;
    settings.typeface = TYPEFACES[i % TYPEFACES.length];
    settings.contentWidth = CONTENT_WIDTHS[i % CONTENT_WIDTHS.length];
    settings.readingRuler = READING_RULER_LINES[i % READING_RULER_LINES.length];
    samples.push(JSON.stringify(settings));
  }
  return samples;
}

describe('the head script', () => {
  it('applies the same classes, variables and badges as the settings module for defaults and every preset', () => {
    const cases = [null, '{}', ...PRESET_NAMES.map((name) => JSON.stringify(applyPreset(base, name)))];
    for (const stored of cases) expect(runHeadScript(stored, noOs), String(stored)).toEqual(expected(stored, noOs));
  });

  it('agrees with the settings module on a wide spread of stored settings', () => {
    for (const stored of variedSettings()) expect(runHeadScript(stored, noOs)).toEqual(expected(stored, noOs));
  });

  it('agrees on corrupt, partial and out-of-range stored values', () => {
    const cases = [
      '{broken',
      '[]',
      '"string"',
      '17',
      'null',
      '{"fontSize":25,"lineHeight":2.55,"colorScheme":"neon","layout":3,"reduceMotion":"true"}',
      '{"fontSize":11.5,"lineHeight":1.15,"breakReminderMinutes":4}',
      '{"fontSize":17.5,"lineHeight":1.25,"breakReminderMinutes":7.5}',
      '{"fontSize":24,"lineHeight":2.5,"enlargeText":true,"quietMode":true}',
      '{"fontSize":12,"lineHeight":1.2,"colorScheme":"warm","layout":"spacious"}',
      '{"toString":1,"constructor":true,"__proto__":{"reduceMotion":true}}',
      '{"letterSpacing":0.25,"wordSpacing":0.55,"paragraphSpacing":2.5,"typeface":"comic","contentWidth":"huge"}',
      '{"letterSpacing":0.125,"wordSpacing":0.15,"paragraphSpacing":0.75}',
      '{"letterSpacing":"0.1","wordSpacing":-0.1,"paragraphSpacing":null,"typeface":1}',
      '{"letterSpacing":0.2,"wordSpacing":0.5,"paragraphSpacing":2,"typeface":"opendyslexic","contentWidth":"narrow"}',
      '{"readingRuler":2}',
      '{"readingRuler":"3"}',
      '{"readingRuler":5,"fontSize":99}',
      '{"readingRuler":-1}',
    ];
    for (const stored of cases) expect(runHeadScript(stored, noOs), stored).toEqual(expected(stored, noOs));
  });

  it('follows the system: reduced motion and more contrast, unless the person chose otherwise', () => {
    for (const os of [
      { reducedMotion: true, moreContrast: false },
      { reducedMotion: false, moreContrast: true },
      { reducedMotion: true, moreContrast: true },
    ]) {
      for (const stored of [null, '{"reduceMotion":false}', '{"highContrast":false,"fontSize":20}']) {
        expect(runHeadScript(stored, os)).toEqual(expected(stored, os));
      }
    }
    expect(runHeadScript(null, { reducedMotion: true, moreContrast: true }).badges).toBe('reduced-motion high-contrast');
  });

  it('only ever writes badges the status panel knows', () => {
    const all = runHeadScript(JSON.stringify({ reduceMotion: true, highContrast: true, enlargeText: true, singleTaskMode: true, calmColors: true }), noOs);
    expect(all.badges.split(' ')).toEqual([...BADGES]);
  });

  it('still applies the saved theme', () => {
    const classesOf = (theme: string | null, dark: boolean) => {
      const classes = new Set<string>();
      runInNewContext(code, {
        document: {
          documentElement: {
            classList: { add: (n: string) => classes.add(n), toggle: (n: string, f: boolean) => (f ? classes.add(n) : classes.delete(n)) },
            style: { setProperty: () => {} },
            setAttribute: () => {},
          },
          addEventListener: () => {},
        },
        localStorage: { getItem: (key: string) => (key === STORAGE_KEYS.theme ? theme : null) },
        matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && dark }),
      });
      return [...classes];
    };
    expect(classesOf('dark', false)).toContain('dark');
    expect(classesOf('light', true)).toContain('light');
    expect(classesOf(null, true)).toContain('dark');
  });

  it("keeps the vocabulary module's storage keys and default theme (it cannot import them)", () => {
    const attributes: Record<string, string> = {};
    const asked: string[] = [];
    runInNewContext(code, {
      document: {
        documentElement: {
          classList: { add: () => {}, toggle: () => {} },
          style: { setProperty: () => {} },
          setAttribute: (name: string, value: string) => (attributes[name] = value),
        },
        addEventListener: () => {},
      },
      localStorage: { getItem: (key: string) => (asked.push(key), null) },
      matchMedia: () => ({ matches: false }),
    });
    expect(asked.sort()).toEqual([STORAGE_KEYS.accessibility, STORAGE_KEYS.theme].sort());
    expect(attributes['data-theme-preference']).toBe(DEFAULT_THEME);
  });

  it("shares its storage keys with the accessibility chrome's inline starter", () => {
    const starter = readFileSync(fileURLToPath(new URL('../components/accessibility/load-chrome.js', import.meta.url)), 'utf8');
    const keys = [...starter.matchAll(/localStorage\.getItem\('([^']+)'\)/g)].map((match) => match[1]).sort();
    expect(keys).toEqual([STORAGE_KEYS.accessibility, STORAGE_KEYS.accessibilityPanel].sort());
  });
});
