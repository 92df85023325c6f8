CREATE TABLE "demo_checks" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"offline_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_checks" ADD CONSTRAINT "demo_checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;