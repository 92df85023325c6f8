import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { projects } from '../db/schema.ts';
import type { Invalidation, InvalidationSource } from './invalidation-event.ts';
import { pathsToRevalidate, revalidate } from './vercel-isr.ts';

/**
 * The invalidation listener of a Vercel function: the ISR copies of the URLs a write changed are rendered
 * again before the write answers (a function may be frozen once it has answered). Without
 * VERCEL_REVALIDATE_TOKEN the build has no ISR (astro.config.mjs) and there is nothing to refresh.
 */
export async function revalidateOnVercel(invalidation: Invalidation, source: InvalidationSource): Promise<void> {
  const { VERCEL_REVALIDATE_TOKEN: token, SITE_URL: origin } = config();
  if (source !== 'local' || !token || !origin) return;
  // After an import, every project's page may have changed: the ones there now are refreshed (a page of a
  // project the import removed stays until the next deployment; see docs/deploy.md).
  const ids =
    invalidation.kind === 'everything'
      ? (await db().select({ id: projects.id }).from(projects)).map((row) => row.id)
      : [];
  await revalidate(pathsToRevalidate(invalidation, ids), { origin, token });
}
