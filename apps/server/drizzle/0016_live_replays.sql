CREATE TABLE "live_replays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"room_id" text,
	"title" text DEFAULT '' NOT NULL,
	"file_path" text,
	"goods" jsonb NOT NULL,
	"curve" jsonb NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"transcript" jsonb,
	"report" jsonb,
	"sandbox" boolean DEFAULT false NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_replays" ADD CONSTRAINT "live_replays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_replays_user_idx" ON "live_replays" USING btree ("user_id","id" DESC NULLS LAST);
