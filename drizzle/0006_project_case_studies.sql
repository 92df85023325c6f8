ALTER TABLE "projects" ADD COLUMN "case_study" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "case_study_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A project that existed before this migration was last changed when it was made.
UPDATE "projects" SET "updated_at" = "created_at";