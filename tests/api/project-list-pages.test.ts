import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIST } from '#domain/vocabulary.ts';
import { createProject, ownerCall } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * The project lists show one page of cards and real links to the others, however many projects there
 * are; search and category run over every project. This file adds more than a page of projects to the seeded
 * ones, each name carrying a word of its own, so a search finds exactly them.
 */
const base = workerServer().baseUrl;
const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, base), { redirect: 'manual', headers });
const marker = 'Paged';
const COUNT = PROJECT_LIST.perPage + 6;
let cookie: string;
const mine: { id: number; name: string }[] = [];

/** The card names of a list page, in order (the public and admin cards mark them for the search). */
const cardNames = (html: string) => [...html.matchAll(/data-search-text="name">([^<]*)</g)].map((match) => match[1]!);
const showcaseNames = (html: string) => [...html.matchAll(/<h2 id="showcase-\d+-name"[^>]*>([^<]*)</g)].map((match) => match[1]!);
const pagination = (html: string) => /<nav aria-label="Pages of projects"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';

beforeAll(async () => {
  cookie = await sessionCookie('admin');
  // One after another, so "newest first" is their creation order.
  for (let i = 1; i <= COUNT; i++) mine.push(await createProject(cookie, { name: `${marker} ${String(i).padStart(2, '0')}` }));
});

describe('a project list with more than one page of projects', () => {
  it('sends one page of cards and a link to the next; the JSON list stays whole', async () => {
    const all = (await (await get('/api/public/projects')).json()) as { name: string }[];
    expect(all.length).toBeGreaterThan(COUNT);
    expect(all.map((p) => p.name)).toEqual(expect.arrayContaining(mine.map((p) => p.name)));

    for (const path of ['/public-projects', '/projects']) {
      const html = await (await get(path)).text();
      expect(cardNames(html), path).toHaveLength(PROJECT_LIST.perPage);
      // The oldest of this file's projects has at least COUNT - 1 newer ones: never on the first page.
      expect(cardNames(html), path).not.toContain(mine[0]!.name);
      expect(pagination(html), path).toContain(`href="${path}?page=2" rel="next"`);
      expect(pagination(html), path).toMatch(/aria-current="page"[^>]*>\s*<span class="sr-only">Page <\/span>\s*1\s*</);
    }
    const showcase = await (await get('/portfolio-showcase')).text();
    expect(showcaseNames(showcase)).toHaveLength(PROJECT_LIST.perPage);
    expect(pagination(showcase)).toContain('href="/portfolio-showcase?page=2"');
  });

  it('searches every project, and pages the result keeping the search in its links', async () => {
    const newestFirst = [...mine].reverse().map((p) => p.name);
    for (const path of ['/public-projects', '/projects']) {
      const first = await get(`${path}?q=${marker.toLowerCase()}`);
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(cardNames(html), path).toEqual(newestFirst.slice(0, PROJECT_LIST.perPage));
      expect(html).toContain(`${COUNT} projects found, page 1 of 2 shown`);
      // The search box shows what was searched (a form that works without script too).
      expect(html).toMatch(new RegExp(`<input type="search" name="q" value="${marker.toLowerCase()}"`));
      const next = `${path}?q=${marker.toLowerCase()}&page=2`;
      expect(pagination(html)).toContain(`href="${next.replace('&', '&amp;')}" rel="next"`);

      const second = await get(next);
      expect(second.status).toBe(200);
      const secondHtml = await second.text();
      expect(cardNames(secondHtml), path).toEqual(newestFirst.slice(PROJECT_LIST.perPage));
      expect(pagination(secondHtml)).toContain('rel="prev"');
      expect(pagination(secondHtml)).not.toContain('rel="next"');
      expect(secondHtml).toContain(`<title>${path === '/projects' ? 'Projects' : 'Portfolio'}, page 2`);
    }
  });

  it('answers 404 for a page past the last or not a page number, linking the pages there are', async () => {
    for (const path of [`/public-projects?q=${marker}&page=3`, '/public-projects?page=9999', '/projects?page=abc', '/projects?page=0', '/portfolio-showcase?page=9999']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(cardNames(html).concat(showcaseNames(html)), path).toEqual([]);
      // Page 1 (with the search, if any) is always linked.
      expect(pagination(html), path).toMatch(/href="\/[a-z-]+(\?q=[^"&]+)?"/);
      expect(pagination(html), path).not.toContain('aria-current');
    }
  });

  it('serves a later page from the visitor cache until a write changes the list', async () => {
    const etag = (await get('/public-projects?page=2')).headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await get('/public-projects?page=2', { 'If-None-Match': etag! })).status).toBe(304);
    // Ignored parameters are the same cached answer.
    expect((await get('/public-projects?page=2&utm_source=x')).headers.get('etag')).toBe(etag);

    // Not one of the searched ones (no marker), and removed again: the other tests see the list as the file made it.
    const added = await createProject(cookie, { name: 'Added to move the pages' });
    // Every project moved one place: page 2 is another page now, in this process at once.
    const after = await get('/public-projects?page=2', { 'If-None-Match': etag! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await ownerCall(cookie, 'DELETE', `/api/projects/${added.id}`)).status).toBe(204);
  });
});
