/*
 * Cache-Control for pages. HTML that is the same for every visitor may sit in a CDN for a minute
 * (and be served stale while it refreshes); HTML that depends on who is signed in never may.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const SESSION_PAGE_CACHE = 'private, no-store';
