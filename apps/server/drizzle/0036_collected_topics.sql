-- Topics collected from the platform data source's 话题推荐 come with their views only: the number of works under a
-- topic and its change against the day before are unknown until a source or an import gives them, and an unknown
-- figure is stored as null, never as 0 (docs/collection.md, "Topics").
ALTER TABLE "topics" ALTER COLUMN "video_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "video_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "growth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "growth" DROP DEFAULT;--> statement-breakpoint
-- Which source's figures a row holds: the provider of a collected topic (`tikhub`, `sandbox`), null for imported and
-- demo rows. A collected topic's heat is its views, an imported one's whatever the file measured, so growth compares
-- a topic only with the same source's heat of the day before.
ALTER TABLE "topics" ADD COLUMN "source" text;
