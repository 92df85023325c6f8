import { beforeAll, describe, expect, it } from 'vitest';
import { base, call } from '../support/http.ts';
import { ADMIN_ROUTES, VISITOR_ROUTES } from '../support/routes.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * One address per page: a path with a trailing slash is sent (308, query kept) to the one without; error pages
 * name no address of their own; the sitemap, each page's canonical link and its og:url say the same thing.
 */

let ownerCookie: string;
beforeAll(async () => {
  ownerCookie = await sessionCookie('admin');
});

const headLinks = (html: string) => ({
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
  ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1] ?? null,
});

describe('a trailing slash', () => {
  it('redirects permanently (308) to the path without it, for every route and whoever asks, query kept', async () => {
    const routes: Array<[string, string | null]> = [
      ...VISITOR_ROUTES.map((path) => [path, null] as [string, null]),
      ...ADMIN_ROUTES.map((path) => [path, ownerCookie] as [string, string]),
    ];
    for (const [path, cookie] of routes.filter(([path]) => path !== '/')) {
      const response = await call(`${path}/?q=lamp&page=2`, { cookie });
      expect([response.status, response.headers.get('location')], path).toEqual([308, `${path}?q=lamp&page=2`]);
    }
  });

  it('keeps the method: a form sent to a slashed address is sent on, not turned into a GET', async () => {
    const response = await call('/api/logout/', { method: 'POST' });
    expect([response.status, response.headers.get('location')]).toEqual([308, '/api/logout']);
  });

  it('leads to the page itself, whose canonical link has no slash', async () => {
    const response = await fetch(new URL('/public-projects/', base()));
    expect(response.url).toBe(new URL('/public-projects', base()).href);
    expect(headLinks(await response.text())).toEqual({
      canonical: new URL('/public-projects', base()).href,
      ogUrl: new URL('/public-projects', base()).href,
    });
  });
});

describe('error pages', () => {
  it('carry no canonical link or og:url: an unknown address, a missing project, an owner page for a visitor', async () => {
    for (const path of ['/no-such-page', '/projects/999999', '/public-projects/999999', '/data-management', '/diary']) {
      const response = await call(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(headLinks(await response.text()), path).toEqual({ canonical: null, ogUrl: null });
    }
  });

  it('the owner’s page for a record that does not exist carries none either', async () => {
    const response = await call('/data-management/metrics/no-such-metric', { cookie: ownerCookie });
    expect(response.status).toBe(404);
    expect(headLinks(await response.text())).toEqual({ canonical: null, ogUrl: null });
  });
});

describe('the sitemap', () => {
  it('lists pages whose canonical link and og:url are the listed address itself', async () => {
    const xml = await (await call('/sitemap.xml')).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(listed).toContain(new URL('/public-projects', base()).href);
    for (const address of listed) {
      const response = await fetch(address, { redirect: 'manual' });
      expect(response.status, address).toBe(200);
      expect(headLinks(await response.text()), address).toEqual({ canonical: address, ogUrl: address });
    }
  });
});
