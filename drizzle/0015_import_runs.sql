CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"records_done" integer DEFAULT 0 NOT NULL,
	"records_total" integer,
	"points_written" integer DEFAULT 0 NOT NULL,
	"options" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "import_runs_kind" CHECK ("import_runs"."kind" in ('apple-health')),
	CONSTRAINT "import_runs_status" CHECK ("import_runs"."status" in ('running', 'done', 'partial', 'failed', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "metric_points" ADD COLUMN "import_run_id" integer;--> statement-breakpoint
CREATE INDEX "metric_points_import_run_idx" ON "metric_points" USING btree ("import_run_id") WHERE "metric_points"."import_run_id" is not null;--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers). An INSERT … ON CONFLICT DO UPDATE that both inserts and updates
-- points of one day and source fires the UPDATE statement trigger first, which recomputes the day from the points,
-- new ones included; the INSERT trigger then merged the new ones in a second time. A resumed import (or a newer
-- export overlapping an older one) does exactly that. The UPDATE trigger now leaves a mark for the rest of the
-- transaction, and an INSERT trigger that finds it recomputes its days (always right) instead of merging: a plain
-- INSERT (a restore, a test's reset, the owner's SQL) still merges, fast; an upsert recomputes. The mark only ever
-- trades speed for a recompute, never a wrong sum.
CREATE OR REPLACE FUNCTION metric_rollups_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM metric_rollup_zone WHERE id = 1), 'UTC');
  ids integer[];
  days date[];
  sources text[];
BEGIN
  IF TG_OP = 'INSERT' AND coalesce(current_setting('metric_rollups.after_update', true), '') <> 'on' THEN
    -- New rows only add to their days: merged in one statement, without recomputing a day. The metric's lock
    -- keeps it after any recompute of it.
    PERFORM pg_advisory_xact_lock(7421338, m.id) FROM (SELECT DISTINCT metric_id AS id FROM new_rows ORDER BY 1) m;
    INSERT INTO metric_daily_rollups AS r (metric_id, day, source, points, total, low, high, last_value, last_at)
    SELECT metric_id, (at AT TIME ZONE zone)::date, source, count(*), sum(value), min(value), max(value),
      (array_agg(value ORDER BY at DESC))[1], max(at)
    FROM new_rows
    GROUP BY metric_id, (at AT TIME ZONE zone)::date, source
    ON CONFLICT (metric_id, day, source) DO UPDATE SET
      points = r.points + excluded.points,
      total = r.total + excluded.total,
      low = least(r.low, excluded.low),
      high = greatest(r.high, excluded.high),
      last_value = CASE WHEN excluded.last_at > r.last_at THEN excluded.last_value ELSE r.last_value END,
      last_at = greatest(r.last_at, excluded.last_at);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    -- The inserting half of an upsert, whose updating half recomputed its days already, new rows included.
    PERFORM set_config('metric_rollups.after_update', '', true);
    SELECT array_agg(k.metric_id), array_agg(k.day), array_agg(k.source) INTO ids, days, sources
    FROM (SELECT DISTINCT metric_id, (at AT TIME ZONE zone)::date AS day, source FROM new_rows) k;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM set_config('metric_rollups.after_update', 'on', true);
    SELECT array_agg(k.metric_id), array_agg(k.day), array_agg(k.source) INTO ids, days, sources
    FROM (SELECT metric_id, (at AT TIME ZONE zone)::date AS day, source FROM new_rows
          UNION SELECT metric_id, (at AT TIME ZONE zone)::date, source FROM old_rows) k;
  ELSE
    SELECT array_agg(k.metric_id), array_agg(k.day), array_agg(k.source) INTO ids, days, sources
    FROM (SELECT DISTINCT metric_id, (at AT TIME ZONE zone)::date AS day, source FROM old_rows) k;
  END IF;
  PERFORM metric_rollups_refresh(ids, days, sources, zone);
  RETURN NULL;
END $$;
