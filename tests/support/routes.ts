import { insightId } from '#api/services/insight-id.ts';

/*
 * Every route of SPEC "Route sets", by who is looking. The three lists differ where the pages do:
 * the landing becomes the dashboard once signed in, the project pages gain the owner's controls for an
 * admin, and the admin-only pages answer the 404 page to everyone else (so '/no-such-page' stands for them).
 */

export const VISITOR_ROUTES = [
  '/',
  '/public-projects',
  '/public-projects/1',
  '/public-projects/999999',
  '/projects',
  '/projects/1',
  '/projects/999999',
  '/portfolio-showcase',
  '/no-such-page',
];

/** The public-projects pages are the same HTML for everyone (CDN-cacheable), so they are checked once, as a visitor. */
export const VIEWER_ROUTES = ['/', '/projects', '/projects/1', '/portfolio-showcase', '/account/sessions', '/no-such-page'];

/**
 * The days of the seed's strongest insight, coffee with deep work on the same day: a page only while that pair
 * is among the cards the seed yields, which tests/api/insights.test.ts checks.
 */
export const SEEDED_INSIGHT_ROUTE = `/insights/${insightId({ kind: 'metric', key: 'coffee' }, { kind: 'metric', key: 'deep-work' }, 0)}`;

/** One route a line, so pages added in parallel merge without conflicts. */
export const ADMIN_ROUTES = [
  ...VIEWER_ROUTES,
  '/data-management',
  '/data-management/export',
  '/data-management/metrics',
  '/data-management/metrics/steps',
  '/data-management/metrics/steps/import',
  '/data-management/apple-health',
  '/data-management/tokens',
  '/data-management/security',
  '/data-management/passkeys',
  '/data-management/trends',
  '/data-management/focus',
  '/data-management/now',
  '/data-management/playlists',
  '/data-management/case-studies',
  '/data-management/case-studies/1',
  '/data-management/case-studies/1/preview',
  '/bulk-import',
  '/diary',
  '/lab',
  '/mind-body',
  '/insights',
  SEEDED_INSIGHT_ROUTE,
];
