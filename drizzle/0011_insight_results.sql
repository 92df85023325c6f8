CREATE TABLE "insight_results" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"through_day" text NOT NULL,
	"pairs_tested" integer NOT NULL,
	"cards" jsonb NOT NULL,
	CONSTRAINT "insight_results_single" CHECK ("insight_results"."id" = 1)
);
