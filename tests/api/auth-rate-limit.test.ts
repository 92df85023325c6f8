import { describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_SECONDS } from '#api/auth/rate-limit.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { askForOwnerLink, freshClientAddress, redeemOwnerLink, sameOriginHeaders } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;

describe('sign-in rate limit', () => {
  it(`refuses attempt ${SIGN_IN_ATTEMPTS + 1} from one address with 429 and Retry-After, and only for that address`, async () => {
    const address = freshClientAddress();
    const guess = (from: string) => redeemOwnerLink(`${base}/api/login/owner?token=${'a'.repeat(32)}`, { [TEST_CLIENT_HEADER]: from });

    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      expect((await guess(address)).status, `attempt ${attempt}`).toBe(400);
    }
    const refused = await guess(address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
    expect(await refused.text()).toContain('Too many sign-in attempts');

    // The other sign-in doors share the count: printing a fresh owner link is refused too.
    const print = await askForOwnerLink({ ...sameOriginHeaders(), [TEST_CLIENT_HEADER]: address });
    expect(print.response.status).toBe(429);
    expect(print.links).toEqual([]);

    expect((await guess(freshClientAddress())).status).toBe(400);
  });
});
