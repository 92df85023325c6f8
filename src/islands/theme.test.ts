import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme.tsx';

function ShowTheme() {
  return createElement('span', null, useTheme().theme);
}

describe('useTheme', () => {
  it('throws the SPEC message when used outside a ThemeProvider', () => {
    expect(() => renderToString(createElement(ShowTheme))).toThrow('useTheme must be used within a ThemeProvider');
  });

  it('gives the preference inside a ThemeProvider (system while rendered on the server)', () => {
    expect(renderToString(createElement(ThemeProvider, null, createElement(ShowTheme)))).toBe('<span>system</span>');
  });
});
