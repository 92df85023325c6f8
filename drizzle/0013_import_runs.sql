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
-- new ones included; the INSERT trigger then added the new ones a second time. A resumed import (or a newer export
-- overlapping an older one) does exactly that, so inserted rows now recompute their days too, like the others.
CREATE OR REPLACE FUNCTION metric_rollups_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM metric_rollup_zone WHERE id = 1), 'UTC');
  ids integer[];
  days date[];
  sources text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(k.metric_id), array_agg(k.day), array_agg(k.source) INTO ids, days, sources
    FROM (SELECT metric_id, (at AT TIME ZONE zone)::date AS day, source FROM new_rows
          UNION SELECT metric_id, (at AT TIME ZONE zone)::date, source FROM old_rows) k;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.metric_id), array_agg(k.day), array_agg(k.source) INTO ids, days, sources
    FROM (SELECT DISTINCT metric_id, (at AT TIME ZONE zone)::date AS day, source FROM new_rows) k;
  ELSE
    SELECT array_agg(k.metric_id), array_agg(k.day), array_agg(k.source) INTO ids, days, sources
    FROM (SELECT DISTINCT metric_id, (at AT TIME ZONE zone)::date AS day, source FROM old_rows) k;
  END IF;
  PERFORM metric_rollups_refresh(ids, days, sources, zone);
  RETURN NULL;
END $$;
