CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"target_x" integer NOT NULL,
	"piece_y" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ticket" text,
	"solved_at" timestamp with time zone,
	"ticket_used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captchas_ticket_unique" UNIQUE("ticket")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"ad_click_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_binds" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"grade" text NOT NULL,
	"value" integer NOT NULL,
	"ext" text
);
--> statement-breakpoint
CREATE TABLE "permission_usage" (
	"user_id" bigint NOT NULL,
	"alias" text NOT NULL,
	"period_key" text NOT NULL,
	"use_val" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_usage_user_id_alias_period_key_pk" PRIMARY KEY("user_id","alias","period_key")
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"content" text NOT NULL,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_account_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_user_id" bigint NOT NULL,
	"child_phone" text NOT NULL,
	"child_user_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"un_bind_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"alias" text NOT NULL,
	"amount" integer NOT NULL,
	"source_ref" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_packs_source_ref_unique" UNIQUE("source_ref")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text,
	"wechat_open_id" text,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"grade" text DEFAULT 'FREE' NOT NULL,
	"grade_ends_at" timestamp with time zone,
	"role_id" integer DEFAULT 0 NOT NULL,
	"show_original_data" boolean DEFAULT false NOT NULL,
	"permission_version_code" integer,
	"show_old" boolean DEFAULT false NOT NULL,
	"channel" text,
	"ad_click_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_wechat_open_id_unique" UNIQUE("wechat_open_id")
);
--> statement-breakpoint
CREATE TABLE "wechat_login_tickets" (
	"ticket" text PRIMARY KEY NOT NULL,
	"scene_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"open_id" text,
	"user_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_login_tickets_scene_id_unique" UNIQUE("scene_id")
);
--> statement-breakpoint
ALTER TABLE "permission_binds" ADD CONSTRAINT "permission_binds_alias_permission_aliases_alias_fk" FOREIGN KEY ("alias") REFERENCES "public"."permission_aliases"("alias") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_usage" ADD CONSTRAINT "permission_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_links" ADD CONSTRAINT "sub_account_links_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_links" ADD CONSTRAINT "sub_account_links_child_user_id_users_id_fk" FOREIGN KEY ("child_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_packs" ADD CONSTRAINT "usage_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permission_binds_alias_grade_idx" ON "permission_binds" USING btree ("alias","grade");--> statement-breakpoint
CREATE INDEX "sessions_user_live_idx" ON "sessions" USING btree ("user_id","ended_at","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_purpose_idx" ON "sms_codes" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sub_account_links_parent_idx" ON "sub_account_links" USING btree ("parent_user_id","status");--> statement-breakpoint
CREATE INDEX "sub_account_links_child_phone_idx" ON "sub_account_links" USING btree ("child_phone","status");--> statement-breakpoint
CREATE INDEX "usage_packs_user_alias_idx" ON "usage_packs" USING btree ("user_id","alias","expires_at");