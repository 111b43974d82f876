CREATE TABLE "monitor_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text DEFAULT 'DSO' NOT NULL,
	"keyword" text NOT NULL,
	"aweme_id" text DEFAULT '' NOT NULL,
	"work_title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"rank" integer,
	"ranked_count" integer,
	"error" text,
	"claimed_by" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "monitor_checks_rank_positive" CHECK ("monitor_checks"."rank" IS NULL OR "monitor_checks"."rank" >= 1),
	CONSTRAINT "monitor_checks_failed_unranked" CHECK ("monitor_checks"."status" <> 'failed' OR "monitor_checks"."rank" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "monitor_ranking_days" (
	"platform" text NOT NULL,
	"keyword" text NOT NULL,
	"day" date NOT NULL,
	"works" integer NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_ranking_days_platform_keyword_day_pk" PRIMARY KEY("platform","keyword","day")
);
--> statement-breakpoint
CREATE TABLE "monitor_rankings" (
	"platform" text NOT NULL,
	"keyword" text NOT NULL,
	"day" date NOT NULL,
	"rank" integer NOT NULL,
	"aweme_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"good_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "monitor_rankings_platform_keyword_day_rank_pk" PRIMARY KEY("platform","keyword","day","rank")
);
--> statement-breakpoint
ALTER TABLE "monitor_items" ADD CONSTRAINT "monitor_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_checks" ADD CONSTRAINT "monitor_checks_item_id_monitor_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."monitor_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_items_user_target_idx" ON "monitor_items" USING btree ("user_id","platform","keyword","aweme_id");--> statement-breakpoint
CREATE INDEX "monitor_items_keyword_idx" ON "monitor_items" USING btree ("platform","keyword");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_checks_item_day_idx" ON "monitor_checks" USING btree ("item_id","day");--> statement-breakpoint
CREATE INDEX "monitor_checks_day_idx" ON "monitor_checks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "monitor_rankings_work_idx" ON "monitor_rankings" USING btree ("platform","keyword","aweme_id","day");
