import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies, peerIsTrustedProxy } from './client-address.ts';

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
