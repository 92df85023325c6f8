import { describe, expect, it } from 'vitest';
import { afterSignIn, confirmItIsYou, safeReturnPath } from './return-to.ts';

describe('where a sign-in returns to', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeReturnPath('/data-management/tokens')).toBe('/data-management/tokens');
    expect(safeReturnPath('/account/sessions?x=1')).toBe('/account/sessions?x=1');
  });

  it('refuses other origins, tricks that mean another host, and API endpoints', () => {
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'evil', '/api/tokens', '/a\nb', '', null, undefined]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('goes home without a kept path, else to it, and forgets it either way', () => {
    expect(afterSignIn(new Request('http://localhost/'), false)).toEqual({ location: '/', clear: null });
    const kept = afterSignIn(new Request('http://localhost/', { headers: { cookie: 'return_to=%2Fdata-management%2Ftokens' } }), false);
    expect(kept.location).toBe('/data-management/tokens');
    expect(kept.clear).toMatch(/^return_to=; Path=\/; Max-Age=0/);
    expect(afterSignIn(new Request('http://localhost/', { headers: { cookie: 'return_to=https%3A%2F%2Fevil.example' } }), false).location).toBe('/');
  });

  it('sends the owner to the chooser with the page to come back to', () => {
    expect(confirmItIsYou('/account/sessions')).toBe('/api/login?choose&return_to=%2Faccount%2Fsessions');
  });
});
