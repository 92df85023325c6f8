/*
 * Which requests the visitor cache may answer, and what part of a request picks the answer.
 * Only reads by someone without a session: the same bytes for everyone asking the same thing.
 * Images are the exception: their bytes never depend on who asks, so a signed-in person gets them too.
 */
import { ADMIN_CATEGORY_FILTERS, PUBLIC_CATEGORY_FILTERS } from '#domain/vocabulary.ts';
import { IMAGE_WIDTHS } from '../services/image-widths.ts';

const ID = '[1-9][0-9]{0,11}';

/** Pages (HTML): their dates are formatted in the reader's locale. */
const PAGES = new RegExp(`^/(?:public-projects(?:/${ID})?|projects(?:/${ID})?|portfolio-showcase)?$`);
/** JSON reads and crawler files: the same for every locale. */
const DOCUMENTS = new RegExp(
  `^/(?:api/public/projects(?:/${ID})?|api/projects(?:/${ID}(?:/gallery)?)?|sitemap\\.xml|robots\\.txt|rss\\.xml|feed\\.json)$`,
);

/** A stored image (keys are random and never change content: only a delete invalidates one). */
const IMAGE = /^\/api\/images\/[a-z0-9]{10,64}$/;
/**
 * A share card (api/share-card/): its bytes never depend on who asks, so everyone gets the kept one. Its query
 * (`?v=`, a fingerprint that makes apps fetch an edited card anew) never changes the answer: not part of the key.
 */
const CARD = new RegExp(`^/og/(?:site|projects/${ID})\\.png$`);
/** The only queries an image answer is kept for: none, or one variant width pages ask for (`?w=480`). */
const IMAGE_QUERIES = new Set(['', ...IMAGE_WIDTHS.map((width) => `w=${width}`)]);

/**
 * The project lists read `?page=` and `?category=` (src/lib/project-list-page.ts): those pick the
 * bytes, written canonically, from a short allowlist each, so the cache holds at most the pages and
 * categories there are. A search (`?q=`) is free text: rendered on every request, never kept.
 */
const LIST_CATEGORIES: Record<string, ReadonlySet<string>> = {
  '/public-projects': new Set(PUBLIC_CATEGORY_FILTERS.map(({ value }) => value)),
  '/projects': new Set(ADMIN_CATEGORY_FILTERS.map(({ value }) => value)),
  '/portfolio-showcase': new Set(),
};
/** `?page=` as the list pages accept it; anything else is a 404 rendered on every request. */
const LIST_PAGE = /^[1-9][0-9]{0,3}$/;

/** The canonical query of a list request ('' for the first page of everything), or null when it is not kept. */
function listQuery(path: string, query: string): string | null {
  const params = new URLSearchParams(query);
  if (params.get('q')?.trim()) return null;
  const page = params.get('page');
  if (page !== null && !LIST_PAGE.test(page)) return null;
  const category = params.get('category');
  const canonical = new URLSearchParams();
  // The page treats an unknown category as none: so does the key.
  if (category !== null && category !== 'all' && LIST_CATEGORIES[path]!.has(category)) canonical.set('category', category);
  if (page !== null && page !== '1') canonical.set('page', page);
  return canonical.toString();
}

/** Any session cookie (plain or __Host-) means a person who may see something else: never cached. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?session=/;

/**
 * Locales the pages' dates are cached in. Others are rendered on every request (they are rare; an
 * open-ended list would let anyone fill the cache with variants).
 */
/** Marks the visitor cache's own render requests to this server (with a per-process secret as its value). */
export const RENDER_HEADER = 'x-visitor-cache-render';

export const CACHED_LOCALES = new Set([
  'en-US',
  'en-GB',
  'en',
  'de-DE',
  'de',
  'fr-FR',
  'fr',
  'es-ES',
  'es',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'ja-JP',
  'zh-CN',
]);

export interface CacheableRequest {
  /** The path without query: what invalidations name (every variant of a path goes with it). */
  path: string;
  /** What a miss is rendered from: the path plus the canonical query a list page reads. */
  url: string;
  /** Keep only a 200: a numbered list page past the last is a 404 no one should fill the cache with. */
  onlyOk: boolean;
  /** The path plus what else selects the bytes (locale, the origin links are made with). */
  key: string;
  /** The Accept-Language the page is rendered with (pages only). */
  locale: string | null;
}

/** The first language asked for, canonical, as src/lib/locale.ts picks it. */
export function requestLocale(acceptLanguage: string | undefined): string | null {
  const wanted = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || 'en-US';
  if (CACHED_LOCALES.has(wanted)) return wanted;
  try {
    const canonical = Intl.getCanonicalLocales(wanted)[0] ?? 'en-US';
    return CACHED_LOCALES.has(canonical) ? canonical : null;
  } catch {
    return 'en-US';
  }
}

export function cacheableRequest(
  method: string | undefined,
  url: string | undefined,
  headers: {
    cookie?: string;
    'accept-language'?: string;
  },
  /** The request's public origin (api/http/request-origin.ts): canonical links, the sitemap and HSTS depend on it. */
  origin: string,
): CacheableRequest | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url) return null;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (IMAGE.test(path)) {
    // Other widths (rare, hand-written) go to the database each time, so no one fills the cache with copies.
    const query = q < 0 ? '' : url.slice(q + 1);
    return IMAGE_QUERIES.has(query)
      ? { path, url: query ? `${path}?${query}` : path, onlyOk: false, key: `${path}\n${query}`, locale: null }
      : null;
  }
  // A card prints the site's host, which is the request's when SITE_URL is not set.
  if (CARD.test(path)) return { path, url: path, onlyOk: false, key: `${path}\n\n${origin}`, locale: null };
  if (headers.cookie && SESSION_COOKIE.test(headers.cookie)) return null;
  // Only the lists read their query string, and only what listQuery keeps: /public-projects?x=1 is /public-projects.
  let query = '';
  if (Object.hasOwn(LIST_CATEGORIES, path) && q >= 0) {
    const canonical = listQuery(path, url.slice(q + 1));
    if (canonical === null) return null;
    query = canonical;
  }
  let locale: string | null = null;
  if (PAGES.test(path)) {
    locale = requestLocale(headers['accept-language']);
    if (locale === null) return null;
  } else if (!DOCUMENTS.test(path)) {
    return null;
  }
  const target = query ? `${path}?${query}` : path;
  return { path, url: target, onlyOk: query !== '', key: `${target}\n${locale ?? ''}\n${origin}`, locale };
}
