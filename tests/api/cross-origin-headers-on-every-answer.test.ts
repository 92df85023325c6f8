import { describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * COOP and CORP on every answer, whoever gives it: a static file, a page the visitor cache keeps (and its 304),
 * a page Astro renders for a signed-in person, JSON, an error, a refusal, the health checks. Over plain http
 * (this server's SITE_URL is http://localhost:PORT) no answer carries HSTS.
 */
const EXPECTED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-resource-policy': 'same-origin' };

function expectCrossOriginHeaders(response: Response, what: string): void {
  for (const [name, value] of Object.entries(EXPECTED))
    expect(response.headers.get(name), `${name} on ${what}`).toBe(value);
  expect(response.headers.get('strict-transport-security'), `HSTS on ${what}`).toBeNull();
}

describe('every answer', () => {
  it('carries Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin, and no HSTS over http', async () => {
    const kept = await call('/public-projects');
    await call('/public-projects');
    const etag = (await call('/public-projects')).headers.get('etag');
    expect(etag, 'the visitor cache keeps the list').toBeTruthy();
    const admin = await sessionCookie('admin');
    const answers: [string, Response][] = [
      ['a visitor page', kept],
      ['a kept page revalidated', await call('/public-projects', { headers: { 'If-None-Match': etag! } })],
      ['a static file', await call('/favicon.svg')],
      ['JSON', await call('/api/public/projects')],
      ['the signed-in dashboard', await call('/', { cookie: admin })],
      ['a 404', await call('/no-such-page')],
      ['a 401', await call('/api/auth/user')],
      [
        'a refused write',
        await call('/api/projects', { method: 'POST', body: {}, headers: { Origin: 'https://evil.example' } }),
      ],
      ['/healthz', await call('/healthz')],
    ];
    expect(answers[1]![1].status).toBe(304);
    for (const [what, response] of answers) expectCrossOriginHeaders(response, what);
  });
});
