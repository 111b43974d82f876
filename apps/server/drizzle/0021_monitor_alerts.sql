CREATE TABLE "monitor_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"day" date NOT NULL,
	"keyword" text NOT NULL,
	"aweme_id" text NOT NULL,
	"work_title" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"previous_rank" integer,
	"rank" integer,
	"read_at" timestamp with time zone,
	"push_status" text DEFAULT 'none' NOT NULL,
	"push_claim" text,
	"push_error" text,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_alerts_kind" CHECK ("monitor_alerts"."kind" IN ('up', 'down', 'new', 'lost')),
	CONSTRAINT "monitor_alerts_push_status" CHECK ("monitor_alerts"."push_status" IN ('none', 'pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "monitor_alert_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"wecom_enabled" boolean DEFAULT false NOT NULL,
	"wecom_key" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_alerts" ADD CONSTRAINT "monitor_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_alerts" ADD CONSTRAINT "monitor_alerts_item_id_monitor_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."monitor_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_alert_settings" ADD CONSTRAINT "monitor_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_alerts_item_day_idx" ON "monitor_alerts" USING btree ("item_id","day");--> statement-breakpoint
CREATE INDEX "monitor_alerts_user_idx" ON "monitor_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "monitor_alerts_unread_idx" ON "monitor_alerts" USING btree ("user_id") WHERE "monitor_alerts"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "monitor_alerts_push_idx" ON "monitor_alerts" USING btree ("user_id") WHERE "monitor_alerts"."push_status" IN ('pending', 'sending');
