/**
 * One page of a project list (/public-projects, /projects, /portfolio-showcase): the search and category
 * asked for in the address (`?q=`, `?category=`), SPEC's search rule over every project (matchesSearch),
 * and the `?page=` slice of what matches. The pages render it on the server, so the first HTML holds one
 * page of cards however many projects there are, and the links to the others work without script.
 */
import { PROJECT_LIST, type CategoryFilter } from '#domain/vocabulary.ts';
import { matchesSearch } from './project-display.ts';

export interface ListQuery {
  /** The search, trimmed ('' when none). */
  q: string;
  /** A category of this list's filter buttons ('all' when none or unknown). */
  category: string;
  /** The page asked for; null when `?page=` is not a page number (that address shows no page). */
  page: number | null;
}

/** `?page=`: a whole number from 1 written plainly (no 0, sign, zeros in front or exponent). */
const PAGE = /^[1-9][0-9]{0,3}$/;

export function readListQuery(params: URLSearchParams, categories: readonly CategoryFilter[]): ListQuery {
  const q = (params.get('q') ?? '').trim().slice(0, PROJECT_LIST.searchMaxLength);
  const wanted = params.get('category') ?? 'all';
  const category = categories.some(({ value }) => value === wanted) ? wanted : 'all';
  const raw = params.get('page');
  const page = raw === null ? 1 : PAGE.test(raw) && Number(raw) <= PROJECT_LIST.maxPage ? Number(raw) : null;
  return { q, category, page };
}

export interface ListPage<T> {
  /** The cards of this page. */
  items: T[];
  /** This page's number (1 when the address asked for none that exists). */
  page: number;
  /** How many pages the matching projects fill (at least 1: an empty result is one empty page). */
  pageCount: number;
  /** How many projects match the search and category, on every page. */
  total: number;
  /** False when the address asked for a page that does not exist: the page answers 404. */
  found: boolean;
}

/**
 * The projects matching the query, then its page. `categoryOf` is the category the list shows
 * (the public list's remap, SPEC §4).
 */
export function listPage<T extends { name: string; description: string | null }>(
  projects: readonly T[],
  query: ListQuery,
  categoryOf: (project: T) => string,
): ListPage<T> {
  const matching = projects.filter(
    (project) => (query.category === 'all' || categoryOf(project) === query.category) && matchesSearch(project, query.q),
  );
  const pageCount = Math.max(1, Math.ceil(matching.length / PROJECT_LIST.perPage));
  const found = query.page !== null && query.page <= pageCount;
  const page = found ? query.page! : 1;
  const items = found ? matching.slice((page - 1) * PROJECT_LIST.perPage, page * PROJECT_LIST.perPage) : [];
  return { items, page, pageCount, total: matching.length, found };
}

/** The address of a page of this list, keeping the search and category (page 1 has no `?page=`). */
export function listHref(path: string, query: Pick<ListQuery, 'q' | 'category'>, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category !== 'all') params.set('category', query.category);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The page numbers the pagination links to: the first, the last and the current one's neighbours; 'gap' between. */
export function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = new Set([1, page - 1, page, page + 1, pageCount].filter((n) => n >= 1 && n <= pageCount));
  const out: (number | 'gap')[] = [];
  let previous = 0;
  for (const n of [...wanted].sort((a, b) => a - b)) {
    if (n - previous === 2) out.push(n - 1);
    else if (n - previous > 2) out.push('gap');
    out.push(n);
    previous = n;
  }
  return out;
}

/** What the results count says (read out by screen readers after a search or a filter). */
export function resultCountText(list: Pick<ListPage<unknown>, 'total' | 'page' | 'pageCount'>): string {
  const projects = `${list.total} project${list.total === 1 ? '' : 's'}`;
  return list.pageCount > 1 ? `${projects} found, page ${list.page} of ${list.pageCount} shown` : `${projects} shown`;
}

/**
 * The public list's search results: the projects full-text search found, most relevant first, then every
 * other project SPEC's rule (a case-insensitive substring of the name or description) finds, in list order.
 */
export function searchResults<T extends { id: number; name: string; description: string | null }>(
  projects: readonly T[],
  rankedIds: readonly number[],
  q: string,
): T[] {
  const byId = new Map(projects.map((project) => [project.id, project]));
  const ranked = rankedIds.map((id) => byId.get(id)).filter((project): project is T => project !== undefined);
  const found = new Set(rankedIds);
  return [...ranked, ...projects.filter((project) => !found.has(project.id) && matchesSearch(project, q))];
}
