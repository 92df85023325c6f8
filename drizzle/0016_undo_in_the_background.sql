ALTER TABLE "import_runs" DROP CONSTRAINT "import_runs_status";--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "points_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_status" CHECK ("import_runs"."status" in ('running', 'done', 'partial', 'failed', 'undoing', 'undo-stopped', 'undone'));--> statement-breakpoint
-- Written by hand: a run undone before this column existed removed what it had added.
UPDATE "import_runs" SET "points_removed" = "points_written" WHERE "status" = 'undone';
