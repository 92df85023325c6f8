CREATE TABLE "insight_results" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"through_day" text NOT NULL,
	"pairs_tested" integer NOT NULL,
	"cards" jsonb NOT NULL,
	CONSTRAINT "insight_results_single" CHECK ("insight_results"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "metric_goals" (
	"metric_id" integer PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"amount" double precision,
	"rest_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_goals_period" CHECK ("metric_goals"."period" in ('day', 'week')),
	CONSTRAINT "metric_goals_kind" CHECK ("metric_goals"."kind" in ('fixed', 'adaptive')),
	CONSTRAINT "metric_goals_amount" CHECK (("metric_goals"."kind" = 'fixed') = ("metric_goals"."amount" is not null and "metric_goals"."amount" > 0)),
	CONSTRAINT "metric_goals_rest_days" CHECK ("metric_goals"."rest_days" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "metric_goals" ADD CONSTRAINT "metric_goals_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;