import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { ADMIN_ROUTES, VISITOR_ROUTES } from '../support/routes.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * The errors the Nu HTML Checker found in the server's HTML, checked on every route as the visitor and the
 * owner receive it, so a new page cannot bring them back: nothing after </html>, no <img> without a src, no
 * name on an element that has no role to carry it, and landmarks of one kind told apart by their names.
 */

let ownerCookie: string;
beforeAll(async () => {
  ownerCookie = await sessionCookie('admin');
});

/** Every opening tag of `name` in the document, attributes included. */
const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((match) => match[0]);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}(=|\\s|>|/)`).test(tag);

function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const afterEnd = html.slice(html.lastIndexOf('</html>') + '</html>'.length).trim();
  if (!html.includes('</html>')) problems.push('no </html>');
  else if (afterEnd) problems.push(`content after </html>: ${afterEnd.slice(0, 60)}`);
  for (const img of tags(html, 'img')) if (!attribute(img, 'src')) problems.push(`<img> without src: ${img.slice(0, 100)}`);
  // A generic element's name is announced by nothing: it needs a role that carries it (group, region, dialog...).
  for (const name of ['div', 'span']) {
    for (const tag of tags(html, name)) {
      if ((attribute(tag, 'aria-label') || attribute(tag, 'aria-labelledby')) && !attribute(tag, 'role')) problems.push(`named <${name}> without a role: ${tag.slice(0, 120)}`);
    }
  }
  for (const landmark of ['aside', 'nav']) {
    const all = tags(html, landmark);
    const unnamed = all.filter((tag) => !attribute(tag, 'aria-label') && !attribute(tag, 'aria-labelledby'));
    if (all.length > 1 && unnamed.length > 0) problems.push(`${all.length} <${landmark}> landmarks, ${unnamed.length} without a name`);
  }
  return problems;
}

describe('the server’s HTML', () => {
  it('is free of the checker’s errors on every page a visitor can reach', async () => {
    const problems: string[] = [];
    for (const path of [...VISITOR_ROUTES, '/api/login', '/api/login/recovery-code']) {
      const html = await (await call(path)).text();
      problems.push(...problemsOf(html).map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it('is free of them on every page of the owner’s', async () => {
    const problems: string[] = [];
    for (const path of ADMIN_ROUTES) {
      const html = await (await call(path, { cookie: ownerCookie })).text();
      problems.push(...problemsOf(html).map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it('gives the dashboard’s focusable stat cards a role that carries their names', async () => {
    const html = await (await call('/', { cookie: ownerCookie })).text();
    const cards = tags(html, 'div').filter((tag) => attribute(tag, 'data-stat-card') && attribute(tag, 'tabindex'));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatch(/\srole="group"/);
  });
});
