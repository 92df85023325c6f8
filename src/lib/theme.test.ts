import { describe, expect, it } from 'vitest';
import { parseTheme, resolvesToDark } from './theme.ts';

describe('the theme preference', () => {
  it('defaults to system for a missing or unknown stored value', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('sepia')).toBe('system');
    expect(parseTheme('dark')).toBe('dark');
  });

  it('follows the operating system only when set to system', () => {
    expect(resolvesToDark('system', true)).toBe(true);
    expect(resolvesToDark('system', false)).toBe(false);
    expect(resolvesToDark('light', true)).toBe(false);
    expect(resolvesToDark('dark', false)).toBe(true);
  });
});
