CREATE TABLE "image_text_works" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"batch_id" text,
	"upload_id" text,
	"keyword" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images_total" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_text_works" ADD CONSTRAINT "image_text_works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_text_works_user_idx" ON "image_text_works" USING btree ("user_id","source","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "image_text_works_batch_idx" ON "image_text_works" USING btree ("batch_id","id");--> statement-breakpoint
CREATE TABLE "image_text_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"works" jsonb NOT NULL,
	"work_count" integer NOT NULL,
	"status" text NOT NULL,
	"applied_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_text_uploads" ADD CONSTRAINT "image_text_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "image_text_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"primary_color" text NOT NULL,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL,
	"font_size" integer NOT NULL,
	"card_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_text_settings" ADD CONSTRAINT "image_text_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
