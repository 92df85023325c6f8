import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';

describe('test-only switches', () => {
  it('are refused when NODE_ENV=production', () => {
    for (const [key, value] of [
      ['OIDC_ALLOW_INSECURE', 'true'],
      ['DISABLE_RATE_LIMIT', 'true'],
      ['TEST_CLIENT_ADDRESS_HEADER', 'x-test-client-address'],
    ] as const) {
      expect(() => parseConfig({ NODE_ENV: 'production', [key]: value }), key).toThrow(key);
      expect(() => parseConfig({ NODE_ENV: 'test', [key]: value }), key).not.toThrow();
    }
  });
});
