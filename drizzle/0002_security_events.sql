CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"user_id" text,
	"email" text,
	"method" text,
	"route" text,
	"status" integer,
	"client_address" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "security_events_at_idx" ON "security_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "security_events_kind_at_idx" ON "security_events" USING btree ("kind","at");