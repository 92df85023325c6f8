import { describe, expect, it } from 'vitest';
import { demoProjects } from '#api/seed/data.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * A signed-out visitor's page carries a stylesheet of its own (src/styles/visitor.css: Tailwind reads only
 * the files such pages render), a signed-in person's page the site's whole sheet (signed-in.css). The risk
 * is a class a visitor sees but the visitor sheet lacks, because its file is not among visitor.css's
 * sources: here every class in a visitor page's markup that the whole sheet styles must be styled there too.
 */
const base = workerServer().baseUrl;
const page = async (path: string, cookie?: string) =>
  (await fetch(new URL(path, base), { headers: cookie ? { cookie } : {}, redirect: 'manual' })).text();

const inlineCss = (html: string) =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');

/** The class names a stylesheet's selectors name, unescaped (`.sm\:px-4` → sm:px-4, `.\32xl\:inline` → 2xl:inline). */
function selectorClasses(css: string): Set<string> {
  const names = new Set<string>();
  for (const [, escaped] of css.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) {
    names.add(
      escaped!.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
        hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
      ),
    );
  }
  return names;
}

const markupClasses = (html: string) =>
  new Set(
    [
      ...html
        .replace(/<style[^>]*>[\s\S]*?<\/style>|<script[^>]*>[\s\S]*?<\/script>/g, '')
        .matchAll(/\sclass="([^"]*)"/g),
    ].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)),
  );

async function firstProjectId(): Promise<number> {
  const projects = (await (await fetch(new URL('/api/public/projects', base))).json()) as {
    id: number;
    name: string;
  }[];
  return projects.find((p) => p.name === demoProjects[0]!.name)!.id;
}

describe('page stylesheets', () => {
  it("styles every class of a visitor's page, with a smaller sheet than a signed-in person's", async () => {
    const owner = await sessionCookie('admin');
    const wholeSheet = inlineCss(await page('/', owner));
    const siteClasses = selectorClasses(wholeSheet);
    // The dashboard's own styles come only with a session.
    expect(siteClasses.has('dashboard')).toBe(true);

    const id = await firstProjectId();
    for (const path of [
      '/',
      '/public-projects',
      `/public-projects/${id}`,
      '/projects',
      `/projects/${id}`,
      '/portfolio-showcase',
      '/no/such/page',
      '/api/login',
      '/api/login/recovery-code',
    ]) {
      const html = await page(path);
      const css = inlineCss(html);
      expect(css.length, path).toBeLessThan(wholeSheet.length);
      expect(selectorClasses(css).has('dashboard'), path).toBe(false);
      const styled = selectorClasses(css);
      const unstyled = [...markupClasses(html)].filter((name) => siteClasses.has(name) && !styled.has(name));
      expect(unstyled, `${path}: classes its sheet lacks (add their file to src/styles/visitor.css)`).toEqual([]);
    }
  });

  it("gives a signed-in person's pages the whole sheet, the owner's controls on the public pages included", async () => {
    const owner = await sessionCookie('admin');
    const id = await firstProjectId();
    const site = selectorClasses(inlineCss(await page('/', owner)));
    for (const path of ['/projects', `/projects/${id}`, '/portfolio-showcase', '/data-management']) {
      const html = await page(path, owner);
      const styled = selectorClasses(inlineCss(html));
      expect(styled.has('dashboard'), path).toBe(true);
      expect(
        [...markupClasses(html)].filter((name) => site.has(name) && !styled.has(name)),
        path,
      ).toEqual([]);
    }
  });
});
