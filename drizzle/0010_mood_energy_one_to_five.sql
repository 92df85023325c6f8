-- Custom data migration (issue 30): the check-in scores mood and energy 1 to 5. A site made before it has
-- `mood` and `energy` on the demo's ~1-10 scale; their points are kept, unchanged, under renamed metrics
-- (the same ids, so KPIs, trends and rollups that point at them stay right), and new owner-only `mood` and
-- `energy` metrics on the 1-5 scale take the keys. A fresh site has neither yet: the seed or the first
-- check-in makes them.
UPDATE "metrics" SET "key" = 'mood-1-10', "name" = "name" || ' (1–10, before check-ins)', "updated_at" = now()
  WHERE "key" = 'mood' AND NOT EXISTS (SELECT 1 FROM "metrics" WHERE "key" = 'mood-1-10');
--> statement-breakpoint
UPDATE "metrics" SET "key" = 'energy-1-10', "name" = "name" || ' (1–10, before check-ins)', "updated_at" = now()
  WHERE "key" = 'energy' AND NOT EXISTS (SELECT 1 FROM "metrics" WHERE "key" = 'energy-1-10');
--> statement-breakpoint
INSERT INTO "metrics" ("key", "name", "unit", "icon", "color", "aggregation", "target", "visibility")
  SELECT 'mood', 'Mood', 'level 1–5', 'Heart', '#facc15', 'average', NULL, 'owner'
  WHERE EXISTS (SELECT 1 FROM "metrics" WHERE "key" = 'mood-1-10') AND NOT EXISTS (SELECT 1 FROM "metrics" WHERE "key" = 'mood');
--> statement-breakpoint
INSERT INTO "metrics" ("key", "name", "unit", "icon", "color", "aggregation", "target", "visibility")
  SELECT 'energy', 'Energy', 'level 1–5', 'Zap', '#34d399', 'average', NULL, 'owner'
  WHERE EXISTS (SELECT 1 FROM "metrics" WHERE "key" = 'energy-1-10') AND NOT EXISTS (SELECT 1 FROM "metrics" WHERE "key" = 'energy');
