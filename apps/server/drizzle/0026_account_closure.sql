-- 注销账号 (docs/accounts.md): one row per closure request. pending until the cooling-off period ends (a login
-- withdraws it: cancelled), then erasing and erased by the account-closure.erase job. At most one open request per
-- account, so a double submit records one.
CREATE TABLE "account_closures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erase_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_user_idx" ON "account_closures" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_closures_open_idx" ON "account_closures" USING btree ("user_id") WHERE status IN ('pending', 'erasing');
