CREATE TABLE "publishing_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text DEFAULT 'douyin' NOT NULL,
	"open_id" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_media" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"media_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"item_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"need" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publishing_accounts" ADD CONSTRAINT "publishing_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_oauth_states" ADD CONSTRAINT "publishing_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_media" ADD CONSTRAINT "publishing_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_posts" ADD CONSTRAINT "publishing_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_deliveries" ADD CONSTRAINT "publishing_deliveries_post_id_publishing_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."publishing_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_deliveries" ADD CONSTRAINT "publishing_deliveries_account_id_publishing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publishing_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_leads" ADD CONSTRAINT "distribution_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_accounts_open_id_idx" ON "publishing_accounts" USING btree ("platform","open_id");--> statement-breakpoint
CREATE INDEX "publishing_accounts_user_idx" ON "publishing_accounts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "publishing_media_user_idx" ON "publishing_media" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "publishing_posts_user_idx" ON "publishing_posts" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publishing_deliveries_post_idx" ON "publishing_deliveries" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "publishing_deliveries_account_idx" ON "publishing_deliveries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "distribution_leads_created_idx" ON "distribution_leads" USING btree ("created_at");
