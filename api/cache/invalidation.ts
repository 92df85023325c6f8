/**
 * The one way to say "what a visitor sees at these URLs has changed". Every write that changes a
 * cached visitor URL calls `invalidatePaths` (or `invalidateEverything`) after its change is committed
 * and before it answers, so the next read — in this process at once, in other processes through
 * PostgreSQL NOTIFY within a second — renders the new state.
 */

import { log } from '#api/log.ts';
import type { Invalidation, InvalidationListener, InvalidationSource } from './invalidation-event.ts';
import { revalidateOnVercel } from './vercel-revalidation.ts';

// A Vercel function has no visitor cache of its own: its listener asks Vercel to render the ISR copies again.
let registered: Set<InvalidationListener> | undefined;
const listeners = () => (registered ??= new Set(process.env.VERCEL ? [revalidateOnVercel] : []));

/** Registers a listener; returns the function that removes it. */
export function onInvalidate(listener: InvalidationListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

async function dispatch(invalidation: Invalidation, source: InvalidationSource): Promise<void> {
  // One failing listener (say NOTIFY during a database outage) must not keep the others from running.
  const results = await Promise.allSettled([...listeners()].map(async (listener) => listener(invalidation, source)));
  for (const result of results) {
    if (result.status === 'rejected')
      log.error({ reason: String(result.reason) }, 'A cache invalidation listener failed');
  }
}

/** The visitor URLs (paths, no query) whose content changed. */
export async function invalidatePaths(paths: string[]): Promise<void> {
  const unique = [...new Set(paths)];
  if (unique.length > 0) await dispatch({ kind: 'paths', paths: unique }, 'local');
}

/** Everything cached may have changed (a restore, an import, a new build). */
export async function invalidateEverything(): Promise<void> {
  await dispatch({ kind: 'everything' }, 'local');
}

/** Applies an invalidation another process announced (it is not announced again). */
export async function receiveRemoteInvalidation(invalidation: Invalidation): Promise<void> {
  await dispatch(invalidation, 'remote');
}

/** Every visitor URL listing all projects (their names, images, order or count). */
export const PROJECT_LIST_PATHS = [
  '/',
  '/public-projects',
  '/projects',
  '/portfolio-showcase',
  '/sitemap.xml',
  '/rss.xml',
  '/feed.json',
  '/api/public/projects',
  '/api/projects',
] as const;

/** The URLs showing one project: its pages, its JSON, its gallery, its share card — and every list it appears in. */
export function projectPaths(id: number): string[] {
  return [
    `/public-projects/${id}`,
    `/og/projects/${id}.png`,
    `/projects/${id}`,
    `/api/public/projects/${id}`,
    `/api/projects/${id}`,
    `/api/projects/${id}/gallery`,
    ...PROJECT_LIST_PATHS,
  ];
}

/** A gallery change shows on the project's gallery page, its gallery JSON and its case study's pictures (page and feeds). */
export function galleryPaths(projectId: number): string[] {
  return [`/projects/${projectId}`, `/api/projects/${projectId}/gallery`, `/public-projects/${projectId}`, '/rss.xml', '/feed.json'];
}
