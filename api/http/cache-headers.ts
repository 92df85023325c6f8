/*
 * Cache-Control for pages. HTML that is the same for every visitor may sit in a CDN for a minute
 * (and be served stale while it refreshes); HTML that depends on who is signed in never may.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const SESSION_PAGE_CACHE = 'private, no-store';

/**
 * Set by a page that left something out because a read failed (the landing without its public metrics).
 * The visitor cache hands such a render to the requests waiting on it but never keeps it, so the next
 * request renders again instead of the gap staying until the next write; the header never reaches a client.
 */
export const DEGRADED_RENDER_HEADER = 'x-degraded-render';
