CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_cn" text NOT NULL,
	"translation" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_boards" (
	"board" text NOT NULL,
	"platform" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"as_of" date NOT NULL,
	"rank" integer NOT NULL,
	"keyword_id" bigint NOT NULL,
	"rank_change" integer,
	CONSTRAINT "keyword_boards_board_platform_country_as_of_rank_pk" PRIMARY KEY("board","platform","country","as_of","rank")
);
--> statement-breakpoint
CREATE TABLE "keyword_gram_stats" (
	"scope" text NOT NULL,
	"gram" integer NOT NULL,
	"doc_count" integer NOT NULL,
	CONSTRAINT "keyword_gram_stats_scope_gram_pk" PRIMARY KEY("scope","gram")
);
--> statement-breakpoint
CREATE TABLE "keyword_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"inserted_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_portraits" (
	"keyword_id" bigint PRIMARY KEY NOT NULL,
	"portrait" jsonb NOT NULL,
	"as_of" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_relations" (
	"keyword_id" bigint NOT NULL,
	"relation" text NOT NULL,
	"related_keyword" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "keyword_relations_keyword_id_relation_related_keyword_pk" PRIMARY KEY("keyword_id","relation","related_keyword")
);
--> statement-breakpoint
CREATE TABLE "keyword_scope_stats" (
	"scope" text PRIMARY KEY NOT NULL,
	"keyword_count" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_trends" (
	"keyword_id" bigint PRIMARY KEY NOT NULL,
	"start_day" date NOT NULL,
	"values" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"keyword" text NOT NULL,
	"grams" integer[] NOT NULL,
	"search_index" integer DEFAULT 0 NOT NULL,
	"month_cover_count" bigint DEFAULT 0 NOT NULL,
	"competition" smallint DEFAULT 1 NOT NULL,
	"competition_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"related_work_count" integer DEFAULT 0 NOT NULL,
	"category" text,
	"industry" text,
	"commerce_intent" boolean DEFAULT false NOT NULL,
	"is_blue_ocean" boolean DEFAULT false NOT NULL,
	"growth_rate" real DEFAULT 0 NOT NULL,
	"first_seen" date NOT NULL,
	"as_of" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"keyword" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_history_user_id_type_keyword_pk" PRIMARY KEY("user_id","type","keyword")
);
--> statement-breakpoint
CREATE TABLE "tso_topics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"topic" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"video_count" integer DEFAULT 0 NOT NULL,
	"growth_rate" real DEFAULT 0 NOT NULL,
	"as_of" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keyword_boards" ADD CONSTRAINT "keyword_boards_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_portraits" ADD CONSTRAINT "keyword_portraits_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_relations" ADD CONSTRAINT "keyword_relations_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_trends" ADD CONSTRAINT "keyword_trends_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_relations_score_idx" ON "keyword_relations" USING btree ("keyword_id","relation","score" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_platform_country_keyword_idx" ON "keywords" USING btree ("platform","country","keyword");--> statement-breakpoint
CREATE INDEX "keywords_month_cover_idx" ON "keywords" USING btree ("platform","country","month_cover_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_history_recent_idx" ON "search_history" USING btree ("user_id","type","searched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tso_topics_kind_country_topic_idx" ON "tso_topics" USING btree ("kind","country","topic");