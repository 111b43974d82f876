-- The dashboard's daily roll-up (docs/monitoring.md, "The daily roll-up"): one row per user and day with the
-- counts the per-day charts draw, kept in step with monitor_checks by the repository (a finished check adds
-- itself in the same statement that records it; removing an item takes its checks back out), so a
-- 365-day window reads 365 rows instead of every check of every item.
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
