-- Scheduled collection (docs/collection.md): one row per run of a collection over a window. The partial unique
-- index lets one run that did not fail hold each (collection, window), so two workers never run a window twice,
-- while each failed attempt stays as its own record.
CREATE TABLE "collection_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"source" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"window_key" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rows_added" integer DEFAULT 0 NOT NULL,
	"rows_updated" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"calls_made" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text,
	"job_id" bigint,
	"staff_name" text,
	CONSTRAINT "collection_runs_status_check" CHECK ("status" IN ('running', 'succeeded', 'failed', 'empty', 'skipped_budget')),
	CONSTRAINT "collection_runs_trigger_check" CHECK ("trigger" IN ('schedule', 'catch_up', 'manual'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "collection_runs_window_idx" ON "collection_runs" USING btree ("collection","window_key") WHERE "status" <> 'failed';--> statement-breakpoint
CREATE INDEX "collection_runs_recent_idx" ON "collection_runs" USING btree ("collection","started_at");--> statement-breakpoint
CREATE INDEX "collection_runs_source_day_idx" ON "collection_runs" USING btree ("source","started_at");
