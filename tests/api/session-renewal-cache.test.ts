import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * A session due for renewal gets its cookie again only on a private answer: a Set-Cookie on an answer
 * marked `public, s-maxage` could be kept by a CDN and hand the session to the next visitor.
 * Only PostgreSQL lets the test age the session row itself (the embedded database belongs to the
 * server process); api/auth/request-session.test.ts covers the same rule on the embedded one.
 */
const databaseUrl = workerServer().databaseUrl;
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const TWO_DAYS = 2 * 24 * 60 * 60 * 1000;

describe.runIf(databaseUrl)('a session due for renewal', () => {
  it('is not renewed on a cacheable answer, and is renewed on the next private page', async () => {
    const cookie = await sessionCookie('viewer');
    const token = cookie.split('=')[1]!;
    const sid = sha256Hex(token);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const renewedAt = async () =>
      (await client.query<{ renewed_at: string }>(`select sess->>'renewedAt' as renewed_at from sessions where sid = $1`, [sid])).rows[0]?.renewed_at;
    try {
      const aged = new Date(Date.now() - TWO_DAYS).toISOString();
      await client.query(`update sessions set sess = jsonb_set(sess, '{renewedAt}', to_jsonb($2::text)) where sid = $1`, [sid, aged]);

      for (const path of ['/api/public/projects', '/public-projects']) {
        const response = await call(path, { headers: { Cookie: cookie } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toMatch(/public.*s-maxage/);
        expect(response.headers.getSetCookie(), path).toEqual([]);
      }
      // Nothing was written either: the renewal waits for an answer that can carry the cookie.
      expect(await renewedAt()).toBe(aged);

      const page = await call('/', { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toMatch(/private|no-store/);
      const renewed = page.headers.getSetCookie().find((line) => line.startsWith(`${cookie}; `));
      expect(renewed).toMatch(/Max-Age=259\d{4}/); // 30 days again
      expect(Date.parse((await renewedAt())!)).toBeGreaterThan(Date.parse(aged) + TWO_DAYS - 60_000);
    } finally {
      await client.end();
    }
  });
});
