import { describe, expect, it } from 'vitest';
import {
  ACCESSIBILITY_SWITCHES,
  DEFAULT_SETTINGS,
  PRESETS,
  PRESET_NAMES,
  activeBadges,
  applyPreset,
  choicesOver,
  describeChanges,
  effectiveDefaults,
  mergeStored,
  parseStoredText,
  readOsPreferences,
  settingsToDom,
  switchClass,
  type AccessibilitySettings,
} from './accessibility-settings.ts';

const noOs = { reducedMotion: false, moreContrast: false };
const base = effectiveDefaults(noOs);

describe('accessibility settings', () => {
  it('has SPEC defaults: every switch off except focus indicators, progress and section labels', () => {
    const on = ACCESSIBILITY_SWITCHES.filter((key) => DEFAULT_SETTINGS[key]);
    expect(on).toEqual(['focusIndicators', 'showProgress', 'sectionLabels']);
    expect(ACCESSIBILITY_SWITCHES).toHaveLength(20);
    expect(DEFAULT_SETTINGS).toMatchObject({ fontSize: 16, lineHeight: 1.5, colorScheme: 'default', layout: 'default' });
  });

  it('starts from the operating system: reduced motion and more contrast turn their switches on', () => {
    expect(effectiveDefaults({ reducedMotion: true, moreContrast: false })).toEqual({ ...DEFAULT_SETTINGS, reduceMotion: true });
    expect(effectiveDefaults({ reducedMotion: false, moreContrast: true })).toEqual({ ...DEFAULT_SETTINGS, highContrast: true });
    expect(base).toEqual(DEFAULT_SETTINGS);
  });

  it('reads the system preferences through media queries', () => {
    const os = readOsPreferences((query) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    expect(os).toEqual({ reducedMotion: true, moreContrast: false });
  });

  it('merges a partial stored value over the defaults', () => {
    expect(mergeStored({ fontSize: 20, colorScheme: 'warm' }, base)).toEqual({ ...base, fontSize: 20, colorScheme: 'warm' });
  });

  it('keeps the default for each invalid field and still takes the valid ones', () => {
    const merged = mergeStored(
      { fontSize: 99, lineHeight: 1.25, reduceMotion: 'yes', colorScheme: 'neon', layout: 'spacious', quietMode: true, unknown: 1 },
      base,
    );
    expect(merged).toEqual({ ...base, layout: 'spacious', quietMode: true });
  });

  it('recovers from corrupt or foreign stored text', () => {
    for (const text of ['{not json', 'null', '42', '"text"', '[true]', '', null, undefined]) {
      expect(parseStoredText(text, base)).toEqual(base);
    }
  });

  it('keeps an explicit stored choice even where the system says otherwise', () => {
    const osBase = effectiveDefaults({ reducedMotion: true, moreContrast: false });
    expect(parseStoredText('{"reduceMotion":false}', osBase).reduceMotion).toBe(false);
    expect(parseStoredText('{}', osBase).reduceMotion).toBe(true);
  });

  it('saves only what differs from the defaults, and the saved choices restore the same settings', () => {
    const settings = { ...base, fontSize: 18, quietMode: true, layout: 'minimal' as const };
    const choices = choicesOver(settings, base);
    expect(choices).toEqual({ fontSize: 18, quietMode: true, layout: 'minimal' });
    expect(mergeStored(JSON.parse(JSON.stringify(choices)), base)).toEqual(settings);
    expect(choicesOver(base, base)).toEqual({});
  });

  it('applies the five presets exactly as SPEC lists them and leaves every other key alone', () => {
    const start: AccessibilitySettings = { ...base, breadcrumbs: true, colorBlindFriendly: true, fontSize: 13 };
    const expected: Record<string, Partial<AccessibilitySettings>> = {
      adhd: { reduceMotion: true, singleTaskMode: true, hideDistractions: true, emphasizeImportant: true, breakReminders: true, colorScheme: 'calm', layout: 'minimal' },
      autism: { reducedStimuli: true, calmColors: true, noFlashing: true, quietMode: true, simplerLanguage: true, sectionLabels: true, colorScheme: 'calm', layout: 'spacious' },
      dyslexia: { enlargeText: true, highContrast: true, simplerLanguage: true, lineHeight: 2, fontSize: 18, layout: 'spacious' },
      'low-vision': { highContrast: true, enlargeText: true, focusIndicators: true, reducedTransparency: true, fontSize: 20, lineHeight: 2, colorScheme: 'high-contrast' },
      'motor-difficulties': { enlargeText: true, focusIndicators: true, slowAnimations: true, layout: 'spacious', fontSize: 18 },
    };
    for (const name of PRESET_NAMES) {
      expect(PRESETS[name].changes).toEqual(expected[name]);
      expect(applyPreset(start, name)).toEqual({ ...start, ...expected[name] });
    }
    expect(applyPreset(start, 'adhd').fontSize).toBe(13);
  });

  it('describes what a preset changed, in plain words, and nothing that stayed the same', () => {
    const after = applyPreset({ ...base, reduceMotion: true }, 'adhd');
    expect(describeChanges({ ...base, reduceMotion: true }, after)).toEqual([
      'Single-task mode on',
      'Hide distractions on',
      'Emphasise important items on',
      'Break reminders on',
      'Colour scheme Calm',
      'Layout Minimal',
    ]);
    expect(describeChanges(after, after)).toEqual([]);
  });

  it('shows a badge for each active mode by the issue’s rules', () => {
    expect(activeBadges(base)).toEqual([]);
    expect(activeBadges({ ...base, reduceMotion: true })).toEqual(['reduced-motion']);
    expect(activeBadges({ ...base, colorScheme: 'high-contrast' })).toEqual(['high-contrast']);
    expect(activeBadges({ ...base, highContrast: true })).toEqual(['high-contrast']);
    expect(activeBadges({ ...base, fontSize: 17 })).toEqual(['large-text']);
    expect(activeBadges({ ...base, fontSize: 16, enlargeText: true })).toEqual(['large-text']);
    expect(activeBadges({ ...base, fontSize: 15 })).toEqual([]);
    expect(activeBadges({ ...base, hideDistractions: true })).toEqual(['focus-mode']);
    expect(activeBadges({ ...base, singleTaskMode: true })).toEqual(['focus-mode']);
    for (const calm of [{ calmColors: true }, { reducedStimuli: true }, { colorScheme: 'calm' as const }]) {
      expect(activeBadges({ ...base, ...calm })).toEqual(['calm-mode']);
    }
    expect(activeBadges({ ...base, quietMode: true, noFlashing: true })).toEqual([]);
  });

  it('maps settings to classes and variables on the root element', () => {
    expect(settingsToDom(base)).toEqual({
      classes: ['a11y-focus-indicators', 'a11y-show-progress', 'a11y-section-labels'],
      vars: {
        '--font-size': '100%',
        '--line-height': '1.5',
        '--motion-scale': '1',
        '--letter-spacing': '0em',
        '--word-spacing': '0em',
        '--paragraph-spacing': '0em',
      },
      badges: [],
    });
    const lowVision = settingsToDom(applyPreset(base, 'low-vision'));
    expect(lowVision.classes).toEqual(expect.arrayContaining(['a11y-high-contrast', 'a11y-enlarge-text', 'a11y-scheme-high-contrast']));
    expect(lowVision.vars).toMatchObject({ '--font-size': '140.625%', '--line-height': '2', '--motion-scale': '1' });
    expect(settingsToDom({ ...base, slowAnimations: true }).vars['--motion-scale']).toBe('2');
    expect(settingsToDom({ ...base, slowAnimations: true, reduceMotion: true }).vars['--motion-scale']).toBe('0');
    expect(settingsToDom({ ...base, layout: 'minimal' }).classes).toContain('a11y-layout-minimal');
    expect(switchClass('colorBlindFriendly')).toBe('a11y-color-blind-friendly');
  });

  it('shows chosen typography as classes and variables, and nothing for the defaults', () => {
    const reading = settingsToDom({
      ...base,
      letterSpacing: 0.12,
      wordSpacing: 0.2,
      paragraphSpacing: 1,
      typeface: 'opendyslexic',
      contentWidth: 'narrow',
    });
    expect(reading.classes).toEqual(
      expect.arrayContaining([
        'a11y-letter-spacing',
        'a11y-word-spacing',
        'a11y-paragraph-spacing',
        'a11y-typeface-opendyslexic',
        'a11y-width-narrow',
      ]),
    );
    expect(reading.vars).toMatchObject({
      '--letter-spacing': '0.12em',
      '--word-spacing': '0.2em',
      '--paragraph-spacing': '1em',
    });
    expect(settingsToDom({ ...base, wordSpacing: 0.3 }).classes).not.toContain('a11y-letter-spacing');
    expect(settingsToDom(base).classes.filter((name) => /typeface|width|spacing/.test(name))).toEqual([]);
  });

  it('keeps the valid part of stored typography and drops what is out of range or off its step', () => {
    const merged = mergeStored(
      { letterSpacing: 0.125, wordSpacing: 0.4, paragraphSpacing: 3, typeface: '<b>x</b>', contentWidth: 'medium' },
      base,
    );
    expect(merged).toMatchObject({
      letterSpacing: 0,
      wordSpacing: 0.4,
      paragraphSpacing: 0,
      typeface: 'default',
      contentWidth: 'medium',
    });
  });
});
