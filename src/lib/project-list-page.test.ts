import { describe, expect, it } from 'vitest';
import { ADMIN_CATEGORY_FILTERS, PROJECT_LIST, PUBLIC_CATEGORY_FILTERS } from '#domain/vocabulary.ts';
import { listHref, listPage, pageNumbers, readListQuery, resultCountText, searchResults } from './project-list-page.ts';

const read = (search: string, categories = PUBLIC_CATEGORY_FILTERS) => readListQuery(new URLSearchParams(search), categories);
// Two and a half pages.
const COUNT = PROJECT_LIST.perPage * 2 + PROJECT_LIST.perPage / 2;
const projects = Array.from({ length: COUNT }, (_, i) => ({
  name: `Project ${i + 1}`,
  description: i === COUNT - 1 ? 'Has a RARE word' : null,
  category: i % 2 === 0 ? 'research' : 'development',
}));

describe('a project list page', () => {
  it('reads the search, a known category and a plainly written page number from the address', () => {
    expect(read('')).toEqual({ q: '', category: 'all', page: 1 });
    expect(read('q=%20Rare%20&category=research&page=3')).toEqual({ q: 'Rare', category: 'research', page: 3 });
    // The admin list has no ui-ux-design button: there it is no filter.
    expect(read('category=ui-ux-design', ADMIN_CATEGORY_FILTERS).category).toBe('all');
    expect(read('category=nonsense').category).toBe('all');
    for (const page of ['0', '-1', '01', '1e2', 'abc', '', '2.0', '99999']) expect(read(`page=${page}`).page, page).toBeNull();
    expect(read(`q=${'x'.repeat(500)}`).q).toHaveLength(PROJECT_LIST.searchMaxLength);
  });

  it('pages what matches the search and category over every project, and finds no page past the last', () => {
    const first = listPage(projects, read(''), (p) => p.category);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: COUNT, found: true });
    expect(first.items.map((p) => p.name)).toEqual(projects.slice(0, PROJECT_LIST.perPage).map((p) => p.name));
    expect(listPage(projects, read('page=3'), (p) => p.category).items).toHaveLength(COUNT - 2 * PROJECT_LIST.perPage);
    expect(listPage(projects, read('page=4'), (p) => p.category)).toMatchObject({ found: false, items: [] });
    expect(listPage(projects, read('page=abc'), (p) => p.category).found).toBe(false);

    // The search is SPEC's rule (name or description, any case), over projects far past the first page.
    expect(listPage(projects, read('q=rare'), (p) => p.category).items.map((p) => p.name)).toEqual([`Project ${COUNT}`]);
    const research = listPage(projects, read('category=research'), (p) => p.category);
    expect(research).toMatchObject({ total: COUNT / 2, pageCount: Math.ceil(COUNT / 2 / PROJECT_LIST.perPage) });
    // Nothing found is one empty page, not a missing one.
    expect(listPage(projects, read('q=nothing'), (p) => p.category)).toMatchObject({ found: true, total: 0, pageCount: 1, items: [] });
  });

  it('links pages keeping the search and category, and lists the pages near the current one', () => {
    expect(listHref('/projects', { q: '', category: 'all' }, 1)).toBe('/projects');
    expect(listHref('/projects', { q: 'a b', category: 'research' }, 2)).toBe('/projects?q=a+b&category=research&page=2');
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(6, 42)).toEqual([1, 'gap', 5, 6, 7, 'gap', 42]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(42, 42)).toEqual([1, 'gap', 41, 42]);
  });

  it('says how many projects were found', () => {
    expect(resultCountText({ total: 1, page: 1, pageCount: 1 })).toBe('1 project shown');
    expect(resultCountText({ total: 0, page: 1, pageCount: 1 })).toBe('0 projects shown');
    expect(resultCountText({ total: 30, page: 1, pageCount: 2 })).toBe('30 projects found, page 1 of 2 shown');
  });
});

describe('the public search results', () => {
  it('puts full-text hits first in rank order, then every SPEC substring match in list order', () => {
    const projects = [
      { id: 1, name: 'Tide Tables', description: 'A calm chart' },
      { id: 2, name: 'Lantern', description: 'Reads the tide' },
      { id: 3, name: 'Moon', description: 'Phases' },
      { id: 4, name: 'Riptide', description: 'Surf' },
    ];
    expect(searchResults(projects, [2, 1], 'tide').map((p) => p.id)).toEqual([2, 1, 4]);
    expect(searchResults(projects, [99], 'moon').map((p) => p.id)).toEqual([3]);
    expect(searchResults(projects, [], 'nothing')).toEqual([]);
  });
});
