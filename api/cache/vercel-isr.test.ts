import { describe, expect, it } from 'vitest';
import { parseConfig } from '#api/config.ts';
import { galleryPaths, projectPaths } from './invalidation.ts';
import { ISR_ROUTES, NOT_ISR_ROUTES, isIsrPath, pathsToRevalidate, revalidate } from './vercel-isr.ts';

describe('Vercel ISR', () => {
  it('excludes every route pattern but the session-independent visitor reads', () => {
    for (const route of ISR_ROUTES) expect(NOT_ISR_ROUTES.test(route), route).toBe(false);
    for (const route of [
      '/',
      '/public-projects',
      '/projects',
      '/projects/[id]',
      '/portfolio-showcase',
      '/api/public/projects',
      '/api/projects/[id]',
      '/api/[...path]',
      '/api/images/[key]',
      '/api/login',
      '/data-management',
      '/public-projects/[id]/x',
      '/sitemap.xml.bak',
      '/og/projects/[id]',
    ])
      expect(NOT_ISR_ROUTES.test(route), route).toBe(true);
  });

  it('revalidates the ISR paths a write names, and for an import the lists and every project page', () => {
    expect(pathsToRevalidate({ kind: 'paths', paths: projectPaths(7) }).sort()).toEqual(
      ['/public-projects/7', '/og/projects/7.png', '/sitemap.xml', '/rss.xml', '/feed.json'].sort(),
    );
    // The public project page shows gallery pictures in its case study, so a gallery change revalidates it.
    expect(pathsToRevalidate({ kind: 'paths', paths: galleryPaths(7) })).toEqual(['/public-projects/7', '/rss.xml', '/feed.json']);
    expect(isIsrPath('/public-projects/0')).toBe(false);
    expect(pathsToRevalidate({ kind: 'everything' }, [3, 9]).sort()).toEqual(
      [
        '/public-projects/3',
        '/public-projects/9',
        '/og/projects/3.png',
        '/og/projects/9.png',
        '/og/site.png',
        '/robots.txt',
        '/sitemap.xml',
        '/rss.xml',
        '/feed.json',
      ].sort(),
    );
  });

  it('asks the public origin for each path with the token, and reports the ones that failed', async () => {
    const asked: Array<{ url: string; method?: string; token: string | null }> = [];
    const fetcher = (async (url: URL, init?: RequestInit) => {
      asked.push({
        url: String(url),
        method: init?.method,
        token: new Headers(init?.headers).get('x-prerender-revalidate'),
      });
      return new Response(null, { status: url.pathname.endsWith('/9') ? 503 : 200 });
    }) as typeof fetch;
    const token = 't'.repeat(40);
    await revalidate(['/public-projects', '/public-projects/3'], { origin: 'https://me.example', token, fetcher });
    expect(asked).toEqual([
      { url: 'https://me.example/public-projects', method: 'HEAD', token },
      { url: 'https://me.example/public-projects/3', method: 'HEAD', token },
    ]);
    await expect(revalidate(['/public-projects/9'], { origin: 'https://me.example', token, fetcher })).rejects.toThrow(
      '/public-projects/9 answered 503',
    );
  });

  it('takes a token of 32 characters or more, and needs the public origin with it on Vercel', () => {
    expect(() => parseConfig({ VERCEL_REVALIDATE_TOKEN: 'short' })).toThrow(/VERCEL_REVALIDATE_TOKEN/);
    expect(() => parseConfig({ VERCEL: '1', VERCEL_REVALIDATE_TOKEN: 'x'.repeat(32) })).toThrow(/SITE_URL/);
    expect(
      parseConfig({ VERCEL: '1', VERCEL_REVALIDATE_TOKEN: 'x'.repeat(32), SITE_URL: 'https://me.example' })
        .VERCEL_REVALIDATE_TOKEN,
    ).toHaveLength(32);
  });
});
