CREATE TABLE "metric_daily_rollups" (
	"metric_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"points" integer NOT NULL,
	"total" double precision NOT NULL,
	"low" double precision NOT NULL,
	"high" double precision NOT NULL,
	"last_value" double precision NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "metric_daily_rollups_metric_id_day_source_pk" PRIMARY KEY("metric_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "metric_rollup_zone" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "metric_rollup_zone_single" CHECK ("metric_rollup_zone"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "metric_points_metric_at";--> statement-breakpoint
ALTER TABLE "metric_points" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "metrics" ADD COLUMN "source_priority" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_daily_rollups" ADD CONSTRAINT "metric_daily_rollups_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_points_metric_at_source" ON "metric_points" USING btree ("metric_id","at","source");--> statement-breakpoint
-- Recomputes the rollups of the given (metric, day, source) keys from the points (written by hand: drizzle-kit
-- has no triggers). Writers of one metric take turns (an advisory lock per metric, held to the commit), so
-- each recomputes from the points the other committed.
CREATE FUNCTION metric_rollups_refresh(metric_ids integer[], days date[], sources text[], zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(metric_ids, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(7421338, ids.id) FROM (SELECT DISTINCT unnest(metric_ids) AS id ORDER BY 1) ids;
  DELETE FROM metric_daily_rollups r USING unnest(metric_ids, days, sources) AS k(metric_id, day, source)
    WHERE r.metric_id = k.metric_id AND r.day = k.day AND r.source = k.source;
  INSERT INTO metric_daily_rollups AS r (metric_id, day, source, points, total, low, high, last_value, last_at)
  SELECT k.metric_id, k.day, k.source, count(*), sum(p.value), min(p.value), max(p.value),
    (array_agg(p.value ORDER BY p.at DESC))[1], max(p.at)
  FROM (SELECT DISTINCT * FROM unnest(metric_ids, days, sources)) AS k(metric_id, day, source)
  JOIN metric_points p ON p.metric_id = k.metric_id AND p.source = k.source
    AND p.at >= (k.day::timestamp AT TIME ZONE zone) AND p.at < ((k.day + 1)::timestamp AT TIME ZONE zone)
  GROUP BY k.metric_id, k.day, k.source;
END $$;
--> statement-breakpoint
CREATE FUNCTION metric_rollups_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM metric_rollup_zone WHERE id = 1), 'UTC');
  ids integer[];
  days date[];
  sources text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- New rows only add to their days (a point updated by ON CONFLICT is in the UPDATE trigger's rows instead):
    -- merged in one statement, without recomputing a day. The metric's lock keeps it after any recompute of it.
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
  ELSIF TG_OP = 'UPDATE' THEN
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
--> statement-breakpoint
CREATE FUNCTION metric_rollups_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM metric_daily_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every rollup again from every point, with days in `zone`, which is stored for the triggers.
CREATE FUNCTION metric_rollups_rebuild(zone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO metric_rollup_zone (id, time_zone) VALUES (1, zone)
    ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM metric_daily_rollups;
  INSERT INTO metric_daily_rollups (metric_id, day, source, points, total, low, high, last_value, last_at)
  SELECT metric_id, (at AT TIME ZONE zone)::date, source, count(*), sum(value), min(value), max(value),
    (array_agg(value ORDER BY at DESC))[1], max(at)
  FROM metric_points
  GROUP BY metric_id, (at AT TIME ZONE zone)::date, source;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_points_rollups_insert AFTER INSERT ON metric_points
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_after_write();
--> statement-breakpoint
CREATE TRIGGER metric_points_rollups_update AFTER UPDATE ON metric_points
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_after_write();
--> statement-breakpoint
CREATE TRIGGER metric_points_rollups_delete AFTER DELETE ON metric_points
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_after_write();
--> statement-breakpoint
CREATE TRIGGER metric_points_rollups_truncate AFTER TRUNCATE ON metric_points
  FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_after_truncate();
--> statement-breakpoint
-- The points written before this migration, in UTC; the server rebuilds them in OWNER_TIME_ZONE at start.
SELECT metric_rollups_rebuild('UTC');
