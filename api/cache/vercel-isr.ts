/*
 * On Vercel, the adapter's ISR stands in for the Node server's visitor cache: the session-independent
 * visitor reads below (pages, feeds, share cards, crawler files) are rendered once per URL and kept by Vercel (no expiry) until a write asks Vercel
 * to render them again (on-demand revalidation: a request carrying `x-prerender-revalidate: <token>`).
 *
 * Only routes whose answer is the same for everyone and that take no writes qualify: ISR keeps one answer
 * per path for every request, cookies or not, and the adapter's choice is per route, not per method.
 * So `/` (the signed-in dashboard), `/public-projects` (it reads `?page=`, `?q=` and `?category=`, which
 * ISR's cache key drops: the adapter's `allowQuery` keeps only its own path parameters, so every page and
 * search would get page 1; its `Cache-Control: s-maxage` still lets Vercel's edge keep each URL a minute),
 * `/projects`, `/projects/{id}` and `/portfolio-showcase` (they show
 * the owner's controls to a signed-in owner), `/api/projects*` (the same routes take the owner's writes),
 * images (one answer per width, which ISR's cache key cannot tell apart: it ignores the query), sign-in
 * and every admin page render on each request. So do the JSON reads `/api/public/projects*`: the adapter
 * routes every excluded route before the ISR ones, and the API's catch-all (`/api/[...path]`, JSON 404s
 * for unknown paths, which must not become one ISR copy per made-up path) matches them first.
 */
import type { Invalidation } from './invalidation-event.ts';

/** Astro route patterns Vercel serves through its ISR function (astro.config.mjs). */
export const ISR_ROUTES = [
  '/public-projects/[id]',
  '/og/projects/[id].png',
  '/og/site.png',
  '/sitemap.xml',
  '/robots.txt',
  '/rss.xml',
  '/feed.json',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The adapter's `isr.exclude`: a RegExp tested against each route pattern, true for every route not above. */
export const NOT_ISR_ROUTES = new RegExp(`^(?!(?:${ISR_ROUTES.map(escape).join('|')})$)`);

/** Concrete paths of the ISR routes (`[id]` is a positive id, as the pages accept). */
const ISR_PATH = new RegExp(
  `^(?:${ISR_ROUTES.map((route) => escape(route).replace(/\\\[id\\\]/g, '[1-9][0-9]{0,11}')).join('|')})$`,
);

export const isIsrPath = (path: string): boolean => ISR_PATH.test(path);

/** The ISR paths an invalidation names; for "everything", the lists plus every project id the database has now. */
export function pathsToRevalidate(invalidation: Invalidation, projectIds: readonly number[] = []): string[] {
  if (invalidation.kind === 'paths') return invalidation.paths.filter(isIsrPath);
  const perProject = ISR_ROUTES.filter((route) => route.includes('[id]'));
  return [
    ...ISR_ROUTES.filter((route) => !route.includes('[')),
    ...projectIds.flatMap((id) => perProject.map((route) => route.replace('[id]', String(id)))),
  ];
}

export const REVALIDATE_HEADER = 'x-prerender-revalidate';

/**
 * Asks Vercel to render these paths again, now: a HEAD request with the bypass token to each, on the public
 * origin (the deployment serving it keeps the ISR copies). Failures are logged by the caller; each request
 * gives up after a few seconds so a write never hangs on them.
 */
export async function revalidate(
  paths: readonly string[],
  { origin, token, fetcher = fetch }: { origin: string; token: string; fetcher?: typeof fetch },
): Promise<void> {
  const results = await Promise.allSettled(
    paths.map(async (path) => {
      const response = await fetcher(new URL(path, origin), {
        method: 'HEAD',
        headers: { [REVALIDATE_HEADER]: token },
        signal: AbortSignal.timeout(8_000),
      });
      if (response.status >= 500) throw new Error(`${path} answered ${response.status}`);
    }),
  );
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
  if (failed.length > 0) throw new Error(`Vercel revalidation failed: ${failed.join('; ')}`);
}
