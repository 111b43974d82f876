CREATE TABLE "copywriter_works" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"keyword" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sources" jsonb NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copywriter_works" ADD CONSTRAINT "copywriter_works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copywriter_works_user_idx" ON "copywriter_works" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);
