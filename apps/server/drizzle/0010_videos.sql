CREATE TABLE "audience_portraits" (
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"age" text,
	"area" text,
	"atv" text,
	"category" text,
	"city" text,
	"city_level" text,
	"consume" text,
	"device" text,
	"gender" text,
	"liveness" text,
	"province" text,
	"gender_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"age_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"province_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"city_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"city_level_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interest_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"as_of" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "audience_portraits_subject_type_subject_id_pk" PRIMARY KEY("subject_type","subject_id")
);
--> statement-breakpoint
CREATE TABLE "creator_follower_history" (
	"creator_id" bigint NOT NULL,
	"day" date NOT NULL,
	"follower_count" bigint NOT NULL,
	CONSTRAINT "creator_follower_history_creator_id_day_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'DSO' NOT NULL,
	"user_id" text NOT NULL,
	"unique_id" text DEFAULT '' NOT NULL,
	"nick_name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"field" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verify_info" text,
	"is_commerce" boolean DEFAULT false NOT NULL,
	"mcn" text,
	"total_follower_count" bigint DEFAULT 0 NOT NULL,
	"follower_growth_30d" bigint DEFAULT 0 NOT NULL,
	"total_favorited" bigint DEFAULT 0 NOT NULL,
	"aweme_count" integer DEFAULT 0 NOT NULL,
	"video_comment_total_count" bigint DEFAULT 0 NOT NULL,
	"video_share_total_count" bigint DEFAULT 0 NOT NULL,
	"avg_good_count" bigint DEFAULT 0 NOT NULL,
	"avg_comment_count" bigint DEFAULT 0 NOT NULL,
	"avg_share_count" bigint DEFAULT 0 NOT NULL,
	"avg_collect_count" bigint DEFAULT 0 NOT NULL,
	"sales_amount_fen" bigint DEFAULT 0 NOT NULL,
	"live_count" integer DEFAULT 0 NOT NULL,
	"grams" integer[] NOT NULL,
	"as_of" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"platform" text DEFAULT 'DSO' NOT NULL,
	"subject_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_kind_platform_subject_key_pk" PRIMARY KEY("user_id","kind","platform","subject_key")
);
--> statement-breakpoint
CREATE TABLE "live_minutes" (
	"session_id" bigint NOT NULL,
	"minute" integer NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"entering" integer DEFAULT 0 NOT NULL,
	"sales_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "live_minutes_session_id_minute_pk" PRIMARY KEY("session_id","minute")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'DSO' NOT NULL,
	"room_id" text NOT NULL,
	"creator_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"watch_count" bigint DEFAULT 0 NOT NULL,
	"peak_online" integer DEFAULT 0 NOT NULL,
	"sales_amount_fen" bigint DEFAULT 0 NOT NULL,
	"goods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_videos" (
	"topic_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	CONSTRAINT "topic_videos_topic_id_video_id_pk" PRIMARY KEY("topic_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'DSO' NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"heat" bigint DEFAULT 0 NOT NULL,
	"video_count" integer DEFAULT 0 NOT NULL,
	"growth" real DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" bigint NOT NULL,
	"cid" text NOT NULL,
	"text" text NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"digg_count" bigint DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_hot_words" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"words" jsonb NOT NULL,
	"comment_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_keywords" (
	"video_id" bigint NOT NULL,
	"keyword_id" bigint NOT NULL,
	"search_rank" integer,
	"as_of" date NOT NULL,
	CONSTRAINT "video_keywords_video_id_keyword_id_pk" PRIMARY KEY("video_id","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "video_refreshes" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"requested_by" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_id" bigint
);
--> statement-breakpoint
CREATE TABLE "video_trends" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"good_values" bigint[] NOT NULL,
	"comment_values" bigint[] NOT NULL,
	"share_values" bigint[] NOT NULL,
	"collect_values" bigint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'DSO' NOT NULL,
	"aweme_id" text NOT NULL,
	"creator_id" bigint NOT NULL,
	"video_desc" text DEFAULT '' NOT NULL,
	"video_tag" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_score" real DEFAULT 0 NOT NULL,
	"origin_cover" text DEFAULT '' NOT NULL,
	"share_url" text DEFAULT '' NOT NULL,
	"play_url" text,
	"create_time" timestamp with time zone NOT NULL,
	"last_update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"good_count" bigint DEFAULT 0 NOT NULL,
	"comment_count" bigint DEFAULT 0 NOT NULL,
	"share_count" bigint DEFAULT 0 NOT NULL,
	"collect_count" bigint DEFAULT 0 NOT NULL,
	"music_id" text,
	"music_title" text,
	"is_with_goods" boolean DEFAULT false NOT NULL,
	"goods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"word_new" text[] DEFAULT '{}'::text[] NOT NULL,
	"transcript" text,
	"grams" integer[] NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_follower_history" ADD CONSTRAINT "creator_follower_history_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_minutes" ADD CONSTRAINT "live_minutes_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_videos" ADD CONSTRAINT "topic_videos_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_videos" ADD CONSTRAINT "topic_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_hot_words" ADD CONSTRAINT "video_hot_words_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_keywords" ADD CONSTRAINT "video_keywords_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_keywords" ADD CONSTRAINT "video_keywords_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_refreshes" ADD CONSTRAINT "video_refreshes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_refreshes" ADD CONSTRAINT "video_refreshes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_trends" ADD CONSTRAINT "video_trends_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creators_platform_user_id_idx" ON "creators" USING btree ("platform","user_id");--> statement-breakpoint
CREATE INDEX "creators_grams_idx" ON "creators" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "creators_followers_idx" ON "creators" USING btree ("platform","total_follower_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "creators_favorited_idx" ON "creators" USING btree ("platform","total_favorited" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "creators_growth_idx" ON "creators" USING btree ("platform","follower_growth_30d" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "creators_field_followers_idx" ON "creators" USING btree ("platform","field","total_follower_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_platform_room_idx" ON "live_sessions" USING btree ("platform","room_id");--> statement-breakpoint
CREATE INDEX "live_sessions_creator_idx" ON "live_sessions" USING btree ("creator_id","start_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "live_sessions_start_idx" ON "live_sessions" USING btree ("platform","start_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "topic_videos_video_idx" ON "topic_videos" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_platform_kind_day_name_idx" ON "topics" USING btree ("platform","kind","day","name");--> statement-breakpoint
CREATE INDEX "topics_heat_idx" ON "topics" USING btree ("platform","kind","day","heat" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "video_comments_video_cid_idx" ON "video_comments" USING btree ("video_id","cid");--> statement-breakpoint
CREATE INDEX "video_comments_digg_idx" ON "video_comments" USING btree ("video_id","digg_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "video_comments_time_idx" ON "video_comments" USING btree ("video_id","create_time");--> statement-breakpoint
CREATE INDEX "video_keywords_keyword_idx" ON "video_keywords" USING btree ("keyword_id","search_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_platform_aweme_id_idx" ON "videos" USING btree ("platform","aweme_id");--> statement-breakpoint
CREATE INDEX "videos_grams_idx" ON "videos" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "videos_creator_time_idx" ON "videos" USING btree ("creator_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_create_time_idx" ON "videos" USING btree ("platform","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "videos_good_count_idx" ON "videos" USING btree ("platform","good_count" DESC NULLS FIRST,"id");