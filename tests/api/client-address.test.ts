import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS } from '#api/auth/rate-limit.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';

/*
 * The sign-in rate limit counts per client address, so it shows which address the server believes.
 * These servers run without the test-only client-address header, as in production: every request
 * here comes from 127.0.0.1, and X-Forwarded-For is the only thing that varies.
 */
let direct: ExtraServer;
let behindOneProxy: ExtraServer;

beforeAll(async () => {
  [direct, behindOneProxy] = await Promise.all([startExtraServer({}), startExtraServer({ TRUSTED_PROXIES: '1' })]);
}, 240_000);
afterAll(async () => {
  await Promise.all([direct?.stop(), behindOneProxy?.stop()]);
});

/** A wrong owner-link token: one sign-in attempt, 400 while the address has attempts left, then 429. */
const guess = (server: ExtraServer, forwardedFor: string) =>
  fetch(new URL('/api/login/owner/redeem', server.baseUrl), {
    method: 'POST',
    headers: {
      Origin: server.baseUrl,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': forwardedFor,
    },
    body: `token=${'a'.repeat(32)}`,
    redirect: 'manual',
  }).then((response) => response.status);

describe('the client address the rate limit counts', () => {
  it('is the connection’s address without TRUSTED_PROXIES: a new X-Forwarded-For per request buys no new attempts', async () => {
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect(await guess(direct, `198.51.100.${attempt}`), `attempt ${attempt}`).toBe(400);
    }
    expect(await guess(direct, '198.51.100.250')).toBe(429);
  });

  it('behind one trusted proxy, is the address that proxy appended, not what the client wrote before it', async () => {
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect(await guess(behindOneProxy, `6.6.6.${attempt}, 203.0.113.7`), `attempt ${attempt}`).toBe(400);
    }
    expect(await guess(behindOneProxy, '6.6.6.250, 203.0.113.7')).toBe(429);
    // Another client behind the same proxy is counted on its own, and cannot be locked out by the first.
    expect(await guess(behindOneProxy, '203.0.113.8')).toBe(400);
  });
});
