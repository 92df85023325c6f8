import type { APIRoute } from 'astro';
import { config } from '#api/config.ts';

/** Crawlers may read the public pages and images; the API and the owner's private pages are off limits. */
export const GET: APIRoute = ({ url }) => {
  const origin = new URL(config().SITE_URL ?? url.origin).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/images/',
    'Disallow: /api/',
    ...['/data-management', '/bulk-import', '/diary', '/lab', '/mind-body'].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
