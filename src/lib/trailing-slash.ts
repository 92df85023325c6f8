/**
 * One address per page: `/public-projects/` is `/public-projects`. A request for a path ending in a slash is
 * answered with a permanent redirect that keeps the method and body (308) and the query. Astro's own
 * `trailingSlash: 'never'` answers GET with 301 before the middleware runs (unlogged, without a request id).
 */
export function trailingSlashRedirect(url: URL): Response | null {
  const { pathname } = url;
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  // Leading slashes collapse to one: `//elsewhere.example/` must not become a protocol-relative address.
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  return new Response(null, { status: 308, headers: { Location: `${path}${url.search}` } });
}
