CREATE TABLE "archive_signing_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_signing_key_single" CHECK ("archive_signing_key"."id" = 1)
);
