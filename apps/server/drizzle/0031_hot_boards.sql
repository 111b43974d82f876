-- Scheduled collection of hot boards (docs/collection.md, "Hot boards"): each source's last good reading of each
-- board, and the source of a keyword first found on one. `keywords.source` is null for imported and demo rows, so
-- adding it rewrites no row of a large library.
ALTER TABLE "keywords" ADD COLUMN "source" text;--> statement-breakpoint
CREATE TABLE "hot_board_entries" (
	"source" text NOT NULL,
	"board" text NOT NULL,
	"city_code" text DEFAULT '' NOT NULL,
	"rank" integer NOT NULL,
	"word" text NOT NULL,
	"hot_value" bigint NOT NULL,
	"label" text,
	"video_count" integer,
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hot_board_entries_pk" PRIMARY KEY ("source","board","city_code","rank"),
	CONSTRAINT "hot_board_entries_board_check" CHECK ("board" IN ('hot', 'rising', 'city'))
);
