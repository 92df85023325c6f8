import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';

describe('the date locale', () => {
  it('takes the first language the browser asks for', () => {
    expect(pickLocale(undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
  });

  it('falls back to en-US without a header or with a malformed one', () => {
    expect(pickLocale(undefined, null)).toBe('en-US');
    expect(pickLocale(undefined, '12_not a locale')).toBe('en-US');
  });
});
