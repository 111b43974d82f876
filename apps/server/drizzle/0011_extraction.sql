CREATE TABLE "extractions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"video_id" bigint,
	"aweme_id" text NOT NULL,
	"video_desc" text DEFAULT '' NOT NULL,
	"share_url" text DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"batch_id" text,
	"status" text NOT NULL,
	"text" text,
	"segments" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extractions_user_idx" ON "extractions" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "extractions_batch_idx" ON "extractions" USING btree ("batch_id","id");