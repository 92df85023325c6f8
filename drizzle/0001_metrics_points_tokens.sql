CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"metric_keys" text[],
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "metric_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"metric_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'TrendingUp' NOT NULL,
	"color" text DEFAULT '#6fffe9' NOT NULL,
	"aggregation" text DEFAULT 'sum' NOT NULL,
	"target" double precision,
	"visibility" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metrics_key_unique" UNIQUE("key"),
	CONSTRAINT "metrics_aggregation" CHECK ("metrics"."aggregation" in ('sum', 'average', 'last', 'count')),
	CONSTRAINT "metrics_visibility" CHECK ("metrics"."visibility" in ('public', 'signed-in', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "metric_id" integer;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "visibility" text DEFAULT 'signed-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "trends" ADD COLUMN "metric_id" integer;--> statement-breakpoint
ALTER TABLE "trends" ADD COLUMN "visibility" text DEFAULT 'signed-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_points" ADD CONSTRAINT "metric_points_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_points_metric_at" ON "metric_points" USING btree ("metric_id","at");--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trends" ADD CONSTRAINT "trends_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_visibility" CHECK ("kpis"."visibility" in ('public', 'signed-in', 'owner'));--> statement-breakpoint
ALTER TABLE "trends" ADD CONSTRAINT "trends_visibility" CHECK ("trends"."visibility" in ('public', 'signed-in', 'owner'));