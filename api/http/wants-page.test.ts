import { describe, expect, it } from 'vitest';
import { wantsPage } from './wants-page.ts';

const ask = (headers: Record<string, string>) => wantsPage(new Headers(headers));

describe('wantsPage', () => {
  it('follows Sec-Fetch-Mode when the browser sends it', () => {
    expect(ask({ 'Sec-Fetch-Mode': 'navigate', Accept: '*/*' })).toBe(true);
    expect(ask({ 'Sec-Fetch-Mode': 'cors', Accept: 'text/html' })).toBe(false);
    expect(ask({ 'Sec-Fetch-Mode': 'same-origin' })).toBe(false);
  });

  it('otherwise asks for a page only when Accept ranks HTML above JSON', () => {
    expect(ask({ Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' })).toBe(true);
    expect(ask({ Accept: '*/*' })).toBe(false);
    expect(ask({ Accept: 'application/json' })).toBe(false);
    expect(ask({ Accept: 'application/json, text/html;q=0.5' })).toBe(false);
    expect(ask({ Accept: 'text/html;q=0' })).toBe(false);
    expect(ask({})).toBe(false);
  });
});
