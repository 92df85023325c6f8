import type { AstroGlobal } from 'astro';
import { isAdmin } from '#api/auth/types.ts';

/**
 * The owner's pages do not exist for anyone else: a visitor or viewer gets the site's 404 page with
 * status 404, exactly like an unknown address (so the page's existence is not even confirmed).
 * Returns the response to send instead, or null for the admin.
 */
export async function notFoundUnlessAdmin(Astro: AstroGlobal): Promise<Response | null> {
  if (isAdmin(Astro.locals.user)) return null;
  return notFoundPage(Astro);
}

/** The site's 404 page with status 404 (an admin page about a record that does not exist, e.g. an unknown metric). */
export async function notFoundPage(Astro: AstroGlobal): Promise<Response> {
  const page = await Astro.rewrite('/404');
  return new Response(page.body, { status: 404, statusText: 'Not Found', headers: page.headers });
}
