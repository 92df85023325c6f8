CREATE TABLE "checkins" (
	"day" text PRIMARY KEY NOT NULL,
	"mood" integer,
	"energy" integer,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_mood_range" CHECK ("checkins"."mood" between 1 and 5),
	CONSTRAINT "checkins_energy_range" CHECK ("checkins"."energy" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "diary_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"mood" integer,
	"mood_word" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"checkin_day" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_entries_checkin_day_unique" UNIQUE("checkin_day"),
	CONSTRAINT "diary_entries_mood_range" CHECK ("diary_entries"."mood" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "seed_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_checkin_day_checkins_day_fk" FOREIGN KEY ("checkin_day") REFERENCES "public"."checkins"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_entries_day_idx" ON "diary_entries" USING btree ("day");