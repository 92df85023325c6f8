DROP INDEX "metric_points_metric_at";--> statement-breakpoint
ALTER TABLE "metric_points" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "metrics" ADD COLUMN "source_priority" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_points_metric_at_source" ON "metric_points" USING btree ("metric_id","at","source");