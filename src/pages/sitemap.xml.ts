import type { APIRoute } from 'astro';
import { config } from '#api/config.ts';
import { db } from '#api/db/client.ts';
import { PUBLIC_PAGE_CACHE } from '#api/http/cache-headers.ts';
import { listProjects } from '#api/services/projects.ts';

/** Every page a visitor can reach: the landing, the portfolio, the project list, showcase and each project's pages. */
export const GET: APIRoute = async ({ url }) => {
  // The public origin at run time (like canonical links), so one build serves any SITE_URL.
  const origin = new URL(config().SITE_URL ?? url.origin).origin;
  const projects = await listProjects(db());
  const paths = [
    '/',
    '/public-projects',
    '/projects',
    '/portfolio-showcase',
    ...projects.flatMap((project) => [`/public-projects/${project.id}`, `/projects/${project.id}`]),
  ];
  const entries = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_PAGE_CACHE } });
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
