import { describe, expect, it } from 'vitest';
import { parseId } from './projects.ts';

describe('parseId', () => {
  it('reads a plain positive whole number', () => {
    expect(parseId('42')).toBe(42);
  });
  it('refuses anything else as an id', () => {
    for (const value of ['0', '-1', '1.5', '01', 'abc', '1e3', '', undefined, '99999999999']) {
      expect(parseId(value)).toBeNull();
    }
  });
});
