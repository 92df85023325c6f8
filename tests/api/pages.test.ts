import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '#api/seed/data.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const get = (path: string) => fetch(new URL(path, base), { redirect: 'manual' });

describe('server-rendered pages', () => {
  it('serves the visitor landing page with its texts', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of [
      'Creative Technologist',
      'Currently: Available for new projects',
      'Creative Portfolio',
      '2025',
      'View Portfolio',
      'Admin Access',
      'Creative Life Overview',
      'Active Projects',
      'Daily Focus',
      'This Week',
      'Creative Output',
      'Dual-Purpose Platform',
      'Public Portfolio',
      'Admin Dashboard',
      'Project Management',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('puts every seeded project name and description in the raw HTML of the public portfolio', async () => {
    const response = await get('/public-projects');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('s-maxage');
    // The seed's projects fill the first page exactly.
    const html = await response.text();
    for (const project of demoProjects) {
      expect(html).toContain(escapeHtml(project.name));
      expect(html).toContain(escapeHtml(project.description));
    }
  });

  it('answers unknown routes with 404 and the two texts', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
  });

  it('answers an unknown or non-numeric project id with the Project Not Found page and 404', async () => {
    for (const path of ['/public-projects/999999', '/public-projects/abc', '/public-projects/1.5']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Project Not Found');
    }
  });

  it('sends the security headers on HTML, the landing and the owner\'s dashboard alike', async () => {
    const ownerCookie = await sessionCookie('admin');
    for (const cookie of [undefined, ownerCookie]) {
      const response = await fetch(new URL('/', base), { headers: cookie ? { cookie } : {} });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      // No inline code: scripts and <style> elements need their hash. Style attributes (a width, a
      // card's colour) are allowed on their own directive: they cannot run anything.
      const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]));
      for (const name of ['script-src', 'style-src']) expect(directives.get(name), name).not.toContain("'unsafe-inline'");
      expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(csp.match(/'unsafe-inline'/g)).toHaveLength(1);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBeTruthy();
      // The cookie did sign in: the dashboard, not the landing again.
      expect((await response.text()).includes('class="dashboard '), 'the dashboard').toBe(cookie !== undefined);
    }
  });

  it("allows exactly the page's own inline scripts and styles", async () => {
    for (const path of ['/', '/public-projects', `/public-projects/${await firstProjectId()}`, '/projects', '/portfolio-showcase']) {
      const response = await get(path);
      const html = await response.text();
      const directives = new Map(
        (response.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]),
      );
      const hashes = (name: string) => new Set(directives.get(name)?.filter((source) => source.startsWith("'sha")));
      const digest = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const inline = (tag: string) =>
        new Set([...html.matchAll(new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => digest(m[1]!)));
      // Every inline element runs (a missing hash would leave the page unstyled or its script dead) …
      expect(hashes('script-src'), path).toEqual(inline('script'));
      expect(hashes('style-src'), path).toEqual(inline('style'));
      // … and nothing else: the whole site's list (24 hashes, ~1.5 KB) made every answer's headers too long.
      expect(directives.get('script-src')?.filter((source) => !source.startsWith("'sha")), path).toEqual(["'self'"]);
    }
  });
});

async function firstProjectId(): Promise<number> {
  const projects = (await (await get('/api/public/projects')).json()) as Array<{ id: number }>;
  return projects[0]!.id;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
