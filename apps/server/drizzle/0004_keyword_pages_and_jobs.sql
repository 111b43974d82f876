CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_detail_views" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"keyword" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_detail_views_user_id_day_scope_keyword_pk" PRIMARY KEY("user_id","day","scope","keyword")
);
--> statement-breakpoint
CREATE TABLE "keyword_industry_stats" (
	"platform" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"industry" text NOT NULL,
	"keyword_count" integer NOT NULL,
	"median_search_index" real NOT NULL,
	"median_related_work_count" real NOT NULL,
	"median_works_per_index" real NOT NULL,
	"median_competition" real NOT NULL,
	"median_growth_rate" real NOT NULL,
	"as_of" date NOT NULL,
	CONSTRAINT "keyword_industry_stats_platform_country_industry_pk" PRIMARY KEY("platform","country","industry")
);
--> statement-breakpoint
ALTER TABLE "keyword_boards" ADD COLUMN "industry" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_imports" ADD COLUMN "file" "bytea";--> statement-breakpoint
ALTER TABLE "keyword_imports" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "keyword_imports" ADD COLUMN "scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_imports" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "keyword_imports" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_after","id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queued_singleton_idx" ON "jobs" USING btree ("kind","singleton_key") WHERE status = 'queued' AND singleton_key IS NOT NULL;