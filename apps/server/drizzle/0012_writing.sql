CREATE TABLE "writing_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_title" text NOT NULL,
	"category_id" integer NOT NULL,
	"seed_key" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"prompt" text NOT NULL,
	"variables" jsonb NOT NULL,
	"tone" text NOT NULL,
	"audience" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "writing_templates_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "writing_works" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" integer,
	"template_title" text NOT NULL,
	"title" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"content" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "writing_works" ADD CONSTRAINT "writing_works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_works" ADD CONSTRAINT "writing_works_template_id_writing_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."writing_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "writing_templates_category_idx" ON "writing_templates" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "writing_works_user_idx" ON "writing_works" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);