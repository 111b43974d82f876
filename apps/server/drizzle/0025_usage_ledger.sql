-- The usage ledger (docs/permissions.md): a row for every unit of a quota charged or given back, with what it was for
-- and the request that asked. permission_usage stays the counter the checks read; the ledger is written in the same
-- transaction, so "where did my searches go" always adds up to it.
CREATE TABLE "usage_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"pool_user_id" bigint NOT NULL,
	"alias" text NOT NULL,
	"amount" integer NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"returns_id" bigint,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "usage_ledger_user_time_idx" ON "usage_ledger" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "usage_ledger_pool_alias_time_idx" ON "usage_ledger" USING btree ("pool_user_id","alias","created_at");
--> statement-breakpoint
-- An AI 图文 work holds the unit reserved for it from the moment it is asked for until it is done (settled) or fails
-- (given back), so over-quota work is refused before any model is called.
ALTER TABLE "image_text_works" ADD COLUMN "reservation_id" bigint;
--> statement-breakpoint
-- A batch extraction's item holds the unit reserved for it at submission until it is answered (settled) or fails (given
-- back), so a batch never transcribes more videos than the count had left.
ALTER TABLE "extractions" ADD COLUMN "reservation_id" bigint;
