import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { invalidatePaths } from '../cache/invalidation.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Job } from '../jobs.ts';
import { log } from '../log.ts';

/*
 * Orphaned images: an upload is stored before any record refers to it (SPEC uploads first, then saves
 * the form), and deleting a project or replacing a picture leaves the old bytes behind. References are
 * free text (an image field, a description, a JSON blob may hold `/api/images/{key}`), so the sweep reads
 * every text, text[] and jsonb column of every table for such addresses. An image no record mentions is
 * marked (`images.unreferenced_since`); one still unmentioned a day later is deleted and purged from the
 * server's caches, so its URL answers 404. Copies already in browsers or a CDN cannot be recalled.
 */

/** How long an image may go unreferenced before it is deleted (time to attach an upload, or undo). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** The image addresses a column may hold, with or without the site's origin in front. */
const IMAGE_ADDRESS = '/api/images/([a-z0-9]+)';

/**
 * Tables that are not records: what they hold (a browser's User-Agent, a refused request) must not keep an image
 * alive. Nor do measurements (a point's note and source, the rollups, an import's file name): they are shown as
 * plain text, never as a picture, and a real life's millions of points took the sweep seconds to read, holding
 * the embedded database the whole time (docs/performance.md).
 */
const NOT_RECORDS = new Set(['images', 'sessions', 'login_links', 'rate_limits', 'security_events', 'metric_points', 'metric_daily_rollups', 'import_runs']);

/** Every column that can hold an image address: text, text arrays and JSON, in every table but the images'. */
function referenceColumns(): { table: string; column: string }[] {
  const found: { table: string; column: string }[] = [];
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (NOT_RECORDS.has(config.name)) continue;
    for (const column of config.columns) {
      if (['text', 'text[]', 'jsonb', 'json'].includes(column.getSQLType())) found.push({ table: config.name, column: column.name });
    }
  }
  return found;
}

/** The keys of every image some record mentions now. */
export async function referencedImageKeys(db: Db): Promise<Set<string>> {
  const parts = referenceColumns().map(
    ({ table, column }) =>
      sql`select (regexp_matches(${sql.identifier(column)}::text, ${IMAGE_ADDRESS}, 'g'))[1] as key from ${sql.identifier(table)} where ${sql.identifier(column)}::text like '%/api/images/%'`,
  );
  if (parts.length === 0) return new Set();
  const { rows } = await db.execute<{ key: string }>(sql`select distinct key from (${sql.join(parts, sql` union all `)}) found`);
  return new Set(rows.map((row) => row.key));
}

/**
 * One pass: marks images nobody refers to, unmarks those referred to again, deletes those unreferenced for
 * longer than the grace period and purges their URLs from the caches. `now` is the sweep's clock.
 */
export async function sweepOrphanedImages(db: Db, now = new Date(), only?: readonly string[]): Promise<{ deleted: string[] }> {
  const referenced = [...(await referencedImageKeys(db))];
  // Keys are [a-z0-9] only, so a comma-joined list is exact (and '' is the empty array).
  const keys = sql`string_to_array(${referenced.join(',')}::text, ',')`;
  // `only` limits a pass to some images (the test switch), so a test never sweeps other tests' uploads.
  const scope = only ? sql`and key = any(string_to_array(${only.filter((key) => /^[a-z0-9]+$/.test(key)).join(',')}::text, ','))` : sql``;
  await db.execute(sql`update images set unreferenced_since = null where unreferenced_since is not null and key = any(${keys}) ${scope}`);
  await db.execute(sql`update images set unreferenced_since = ${now.toISOString()}::timestamptz where unreferenced_since is null and not (key = any(${keys})) ${scope}`);
  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS).toISOString();
  const { rows } = await db.execute<{ key: string }>(
    sql`delete from images where unreferenced_since <= ${cutoff}::timestamptz and not (key = any(${keys})) ${scope} returning key`,
  );
  const deleted = [...new Set(rows.map((row) => row.key))];
  if (deleted.length > 0) {
    await invalidatePaths(deleted.map((key) => `/api/images/${key}`));
    log.info({ images: deleted.length }, 'Orphaned images deleted');
  }
  return { deleted };
}

export const orphanedImageSweepJob = (db: Db): Job => ({
  name: 'orphaned images',
  everyMs: 60 * 60 * 1000,
  run: async () => {
    await sweepOrphanedImages(db);
  },
});
