-- The dashboard's roll-ups (docs/monitoring.md, "The daily roll-up"), kept in step with monitor_checks by the
-- repository: monitor_user_days, one row per user and day with the counts the per-day charts draw (a finished
-- check adds itself in the same statement that records it; removing an item takes its checks back out), and
-- each item's standing (its latest finished check, its last two successful ones, its latest rank), refreshed
-- in the same transaction; so a 365-day window reads 365 rows and one row per item, not every check.
CREATE TABLE "monitor_user_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"core" integer DEFAULT 0 NOT NULL,
	"ranking" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monitor_user_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "monitor_user_days" ADD CONSTRAINT "monitor_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "monitor_user_days" ("user_id", "day", "checked", "failed", "core", "ranking")
SELECT i."user_id", c."day",
	count(*) FILTER (WHERE c."status" IN ('ranked', 'unranked'))::int,
	count(*) FILTER (WHERE c."status" = 'failed')::int,
	count(*) FILTER (WHERE c."status" = 'ranked' AND i."aweme_id" <> '' AND c."rank" <= 100)::int,
	count(*) FILTER (WHERE c."status" = 'ranked' AND i."aweme_id" <> '' AND c."rank" <= 10)::int
FROM "monitor_checks" c JOIN "monitor_items" i ON i."id" = c."item_id"
WHERE c."status" <> 'running'
GROUP BY i."user_id", c."day";
--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "last_day" date;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "last_status" text;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "ok_day" date;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "ok_rank" integer;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "prev_ok_day" date;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "prev_ok_rank" integer;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "ranked_day" date;--> statement-breakpoint
ALTER TABLE "monitor_items" ADD COLUMN "ranked_rank" integer;--> statement-breakpoint
UPDATE "monitor_items" i SET "last_day" = l."day", "last_status" = l."status", "ok_day" = s."day", "ok_rank" = s."rank",
	"prev_ok_day" = p."day", "prev_ok_rank" = p."rank", "ranked_day" = r."day", "ranked_rank" = r."rank"
FROM "monitor_items" j
LEFT JOIN LATERAL (
	SELECT c."day", c."status" FROM "monitor_checks" c WHERE c."item_id" = j."id" AND c."status" <> 'running'
	ORDER BY c."day" DESC LIMIT 1
) l ON true
LEFT JOIN LATERAL (
	SELECT c."day", c."rank" FROM "monitor_checks" c WHERE c."item_id" = j."id" AND c."status" IN ('ranked', 'unranked')
	ORDER BY c."day" DESC LIMIT 1
) s ON true
LEFT JOIN LATERAL (
	SELECT c."day", c."rank" FROM "monitor_checks" c WHERE c."item_id" = j."id" AND c."status" IN ('ranked', 'unranked')
		AND c."day" < s."day" ORDER BY c."day" DESC LIMIT 1
) p ON true
LEFT JOIN LATERAL (
	SELECT c."day", c."rank" FROM "monitor_checks" c WHERE c."item_id" = j."id" AND c."status" = 'ranked'
	ORDER BY c."day" DESC LIMIT 1
) r ON true
WHERE i."id" = j."id" AND l."day" IS NOT NULL;