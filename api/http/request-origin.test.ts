import { describe, expect, it } from 'vitest';
import {
  atOrigin,
  clientAddress,
  hostAllowed,
  parseTrustedProxies,
  peerIsTrustedProxy,
  publicOrigin,
  rateLimitKey,
  trustedProxiesWarning,
} from './request-origin.ts';

const xff = (value: string) => new Headers({ 'x-forwarded-for': value });

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    const none = parseTrustedProxies('');
    expect(clientAddress('203.0.113.7', xff('198.51.100.1'), none)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', {}, none)).toBe('203.0.113.7');
    expect(clientAddress(undefined, xff('198.51.100.1'), none)).toBe('unknown');
  });

  it('with a count of hops, is the address the outermost trusted proxy saw, not what the client wrote', () => {
    const one = parseTrustedProxies('1');
    // nginx appends the address it saw; the client wrote the first value itself.
    expect(clientAddress('10.0.0.2', xff('6.6.6.6, 203.0.113.7'), one)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', { 'x-forwarded-for': ['6.6.6.6', '203.0.113.7'] }, one)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', xff('203.0.113.7'), one)).toBe('203.0.113.7');
    const two = parseTrustedProxies('2');
    expect(clientAddress('10.0.0.2', xff('6.6.6.6, 203.0.113.7, 10.0.0.9'), two)).toBe('203.0.113.7');
    // Fewer hops than configured: the left-most there is.
    expect(clientAddress('10.0.0.2', {}, two)).toBe('10.0.0.2');
  });

  it('with ranges, is the right-most address that is not a trusted proxy', () => {
    const ranges = parseTrustedProxies('10.0.0.0/8, ::1, 2001:db8::/32');
    expect(clientAddress('10.0.0.2', xff('6.6.6.6, 203.0.113.7, 10.1.2.3'), ranges)).toBe('203.0.113.7');
    expect(clientAddress('::1', xff('2001:db8::5, 2001:db9::1'), ranges)).toBe('2001:db9::1');
    // A peer that is no trusted proxy is the client, whatever it forwards.
    expect(clientAddress('192.0.2.1', xff('6.6.6.6'), ranges)).toBe('192.0.2.1');
    // Only trusted hops: the left-most.
    expect(clientAddress('10.0.0.2', xff('10.9.9.9'), ranges)).toBe('10.9.9.9');
    // Garbage from the client stops the walk only where it stands (left of a trusted hop it is the client's own word).
    expect(clientAddress('10.0.0.2', xff('not-an-ip'), ranges)).toBe('not-an-ip');
  });

  it('refuses a TRUSTED_PROXIES value it cannot read, saying why', () => {
    expect(() => parseTrustedProxies('proxy.example')).toThrow('neither a number of hops');
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('invalid prefix length');
    expect(() => parseTrustedProxies('99')).toThrow('at most 20');
    expect(parseTrustedProxies(' 0 ')).toEqual({ kind: 'none' });
  });

  it('counts the connection as a trusted proxy only when TRUSTED_PROXIES says so (its X-Request-Id is then kept)', () => {
    expect(peerIsTrustedProxy('127.0.0.1', parseTrustedProxies(''))).toBe(false);
    expect(peerIsTrustedProxy('203.0.113.9', parseTrustedProxies('1'))).toBe(true);
    const ranges = parseTrustedProxies('10.0.0.0/8, ::1');
    expect(peerIsTrustedProxy('::ffff:10.1.2.3', ranges)).toBe(true);
    expect(peerIsTrustedProxy('::1', ranges)).toBe(true);
    expect(peerIsTrustedProxy('192.0.2.1', ranges)).toBe(false);
    expect(peerIsTrustedProxy(undefined, ranges)).toBe(false);
  });
});

describe('the public origin', () => {
  const none = parseTrustedProxies('');
  const local = parseTrustedProxies('127.0.0.1');
  const headers = (extra: Record<string, string>) => new Headers({ host: 'me.example', ...extra });

  it('is SITE_URL when set, whatever a header says: https makes every request https, http none', () => {
    const https = { SITE_URL: 'https://me.example', TRUSTED_PROXIES: none };
    expect(publicOrigin('203.0.113.7', headers({}), https)).toBe('https://me.example');
    const http = { SITE_URL: 'http://me.example:8080', TRUSTED_PROXIES: local };
    expect(publicOrigin('127.0.0.1', headers({ 'x-forwarded-proto': 'https' }), http)).toBe('http://me.example:8080');
  });

  it('without SITE_URL, takes X-Forwarded-Proto and -Host from a trusted proxy only', () => {
    const settings = { TRUSTED_PROXIES: local };
    const forwarded = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example' });
    expect(publicOrigin('127.0.0.1', forwarded, settings)).toBe('https://public.example');
    // The same headers from anyone else (or with no proxy trusted) change nothing.
    expect(publicOrigin('203.0.113.7', forwarded, settings)).toBe('http://me.example');
    expect(publicOrigin('127.0.0.1', forwarded, { TRUSTED_PROXIES: none })).toBe('http://me.example');
    // https only when every hop says so: a client's own "https" before the proxy's "http" proves nothing.
    expect(publicOrigin('127.0.0.1', headers({ 'x-forwarded-proto': 'https, http' }), settings)).toBe(
      'http://me.example',
    );
    expect(publicOrigin('127.0.0.1', { host: 'me.example:8443', 'x-forwarded-proto': 'HTTPS' }, settings)).toBe(
      'https://me.example:8443',
    );
    // A Host no URL can hold is answered as localhost.
    expect(publicOrigin('203.0.113.7', { host: 'bad host/' }, settings)).toBe('http://localhost');
  });

  it('moves a request to that origin, keeping its method, headers and body', async () => {
    const request = new Request('http://127.0.0.1:4321/api/x?y=1', {
      method: 'POST',
      headers: { 'x-a': 'b' },
      body: 'hello',
    });
    const moved = atOrigin(request, 'https://me.example');
    expect(moved.url).toBe('https://me.example/api/x?y=1');
    expect(moved.method).toBe('POST');
    expect(moved.headers.get('x-a')).toBe('b');
    expect(await moved.text()).toBe('hello');
    const same = new Request('https://me.example/');
    expect(atOrigin(same, 'https://me.example')).toBe(same);
  });
});

describe('the Host a request may name', () => {
  const settings = { SITE_URL: 'https://me.example', TRUSTED_PROXIES: parseTrustedProxies('') };
  const host = (value: string) => new Headers({ host: value });

  it("is SITE_URL's host (a default port written out or not, any case); any other is refused", () => {
    expect(hostAllowed(host('me.example'), '/', '203.0.113.7', settings)).toBe(true);
    expect(hostAllowed(host('ME.example:443'), '/', '203.0.113.7', settings)).toBe(true);
    expect(hostAllowed(host('evil.example'), '/', '203.0.113.7', settings)).toBe(false);
    expect(hostAllowed(host('me.example:8443'), '/projects', '2001:db8::1', settings)).toBe(false);
    expect(hostAllowed(new Headers(), '/', '203.0.113.7', settings)).toBe(false);
  });

  it('is anything on the health checks, from this machine, or without SITE_URL', () => {
    expect(hostAllowed(host('10.0.0.5:4321'), '/healthz', '203.0.113.7', settings)).toBe(true);
    expect(hostAllowed(host('10.0.0.5:4321'), '/readyz', '203.0.113.7', settings)).toBe(true);
    expect(hostAllowed(host('other.example'), '/', '127.0.0.1', settings)).toBe(true);
    expect(hostAllowed(host('other.example'), '/', '::1', settings)).toBe(true);
    expect(hostAllowed(host('other.example'), '/', '203.0.113.7', { TRUSTED_PROXIES: settings.TRUSTED_PROXIES })).toBe(
      true,
    );
  });
});

describe('rate-limit keys', () => {
  it('count an IPv6 client by its /64, however the address is written; anything else as it is', () => {
    const key = rateLimitKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitKey('2001:0db8:00aa:00bb::ffff')).toBe(key);
    expect(rateLimitKey('2001:DB8:AA:BB:FFFF::')).toBe(key);
    expect(rateLimitKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('test:abc')).toBe('test:abc');
  });
});

describe('the TRUSTED_PROXIES warning at start', () => {
  it('is given for a count of hops unless the server listens on loopback only', () => {
    const hops = parseTrustedProxies('1');
    expect(trustedProxiesWarning(hops, undefined)).toContain('0.0.0.0');
    expect(trustedProxiesWarning(hops, '0.0.0.0')).toContain('chooses its own address');
    expect(trustedProxiesWarning(hops, '127.0.0.1')).toBeNull();
    expect(trustedProxiesWarning(hops, '::1')).toBeNull();
    expect(trustedProxiesWarning(hops, 'localhost')).toBeNull();
    expect(trustedProxiesWarning(parseTrustedProxies('10.0.0.1'), '0.0.0.0')).toBeNull();
    expect(trustedProxiesWarning(parseTrustedProxies(''), undefined)).toBeNull();
  });
});
