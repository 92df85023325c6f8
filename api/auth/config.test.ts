import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';

const SWITCHES = [
  ['OIDC_ALLOW_INSECURE', 'true'],
  ['DISABLE_RATE_LIMIT', 'true'],
  ['TEST_CLIENT_ADDRESS_HEADER', 'x-test-client-address'],
] as const;

describe('test-only switches', () => {
  it('are refused when NODE_ENV=production without ALLOW_TEST_SWITCHES', () => {
    for (const [key, value] of SWITCHES) {
      expect(() => parseConfig({ NODE_ENV: 'production', [key]: value }), key).toThrow(key);
      expect(() => parseConfig({ [key]: value }), `${key} with the default NODE_ENV`).toThrow(key);
      expect(() => parseConfig({ NODE_ENV: 'test', [key]: value }), key).not.toThrow();
    }
  });
  it('are allowed on a production build with ALLOW_TEST_SWITCHES=1 (how the tests run the server)', () => {
    for (const [key, value] of SWITCHES) {
      expect(() => parseConfig({ NODE_ENV: 'production', ALLOW_TEST_SWITCHES: '1', [key]: value }), key).not.toThrow();
    }
  });
  it('are never allowed in a Vercel build', () => {
    for (const [key, value] of SWITCHES) {
      expect(() => parseConfig({ VERCEL: '1', NODE_ENV: 'test', [key]: value }), key).toThrow(key);
    }
    expect(() => parseConfig({ VERCEL: '1', ALLOW_TEST_SWITCHES: '1' })).toThrow('ALLOW_TEST_SWITCHES');
  });
});
