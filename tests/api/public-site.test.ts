import { describe, expect, it } from 'vitest';
import { demoProjects } from '#api/seed/data.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, base), { redirect: 'manual', headers });

async function firstProjectId(): Promise<number> {
  const projects = (await (await get('/api/public/projects')).json()) as { id: number; name: string }[];
  return projects.find((p) => p.name === demoProjects[0]!.name)!.id;
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('the public site over HTTP', () => {
  it('lets a CDN keep the pages every visitor shares, and never the ones that depend on the session', async () => {
    const id = await firstProjectId();
    for (const path of ['/public-projects', `/public-projects/${id}`]) {
      expect((await get(path)).headers.get('cache-control'), path).toMatch(/^public, .*s-maxage=\d+/);
    }
    for (const path of ['/', '/projects', `/projects/${id}`, '/portfolio-showcase']) {
      expect((await get(path)).headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('gives every page its own title, description and Open Graph tags', async () => {
    const id = await firstProjectId();
    const seen = new Set<string>();
    for (const path of ['/', '/public-projects', `/public-projects/${id}`, '/projects', `/projects/${id}`, '/portfolio-showcase']) {
      const html = await (await get(path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(seen.has(title!), `${path} repeats the title "${title}"`).toBe(false);
      seen.add(title!);
      expect(meta(html, 'name', 'description'), path).toBeTruthy();
      expect(meta(html, 'property', 'og:title'), path).toBe(title);
      expect(meta(html, 'property', 'og:image'), path).toMatch(/^https?:\/\//);
    }
    // A project's pages speak of the project, with its own share card.
    const detail = await (await get(`/public-projects/${id}`)).text();
    expect(meta(detail, 'property', 'og:title')).toContain(demoProjects[0]!.name);
    expect(meta(detail, 'property', 'og:image')).toMatch(new RegExp(`/og/projects/${id}\\.png\\?v=[0-9a-f]{12}$`));
  });

  it('puts the project list, the gallery and the showcase in the HTML (no client fetch before content)', async () => {
    const id = await firstProjectId();
    // The seed's projects fill the first page of each list exactly.
    const projects = await (await get('/projects')).text();
    const showcase = await (await get('/portfolio-showcase')).text();
    for (const project of demoProjects) {
      expect(projects).toContain(project.name.replace(/&/g, '&amp;'));
      expect(showcase).toContain(project.name.replace(/&/g, '&amp;'));
    }
    const gallery = await (await get(`/projects/${id}`)).text();
    expect(gallery).toContain('Calm Canvas wordmark');
    expect(gallery).toContain('Portfolio Gallery');
  });

  it('serves a sitemap of every public page and a robots.txt that points to it', async () => {
    const id = await firstProjectId();
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    for (const path of ['/', '/public-projects', '/projects', '/portfolio-showcase', `/public-projects/${id}`, `/projects/${id}`]) {
      expect(xml).toContain(`<loc>${new URL(path, base).href}</loc>`);
    }
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', base).href}`);
  });

  it('compresses pages for browsers that accept it', async () => {
    // fetch decodes the body itself; the header says how it travelled.
    const brotli = await get('/public-projects', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toContain('Project Portfolio');
    expect((await get('/public-projects', { 'Accept-Encoding': 'gzip' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/public-projects', { 'Accept-Encoding': 'identity' })).headers.get('content-encoding')).toBeNull();
  });
});
