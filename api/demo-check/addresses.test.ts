import { describe, expect, it } from 'vitest';
import { refusedAddress } from './addresses.ts';

describe('addresses the demo checker may connect to', () => {
  it('refuses loopback, private, link-local, metadata and reserved addresses, in IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(refusedAddress(address), address).not.toBeNull();
  });

  it('allows public addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])
      expect(refusedAddress(address), address).toBeNull();
  });

  it('allows loopback only when the setting for tests says so, and nothing else private then', () => {
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('169.254.169.254', { allowLoopback: true })).not.toBeNull();
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).not.toBeNull();
    expect(refusedAddress('localhost')).toBe('not an IP address');
  });
});
