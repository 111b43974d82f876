-- The operator's console (docs/console.md): staff accounts apart from members, their sessions (token hashed,
-- verified once the SMS step passes, ended after 8 idle hours), and the audit log of every change staff make.
-- The audit log is append-only in the database itself: a trigger refuses UPDATE and DELETE of its rows and
-- TRUNCATE of the table, whoever asks.
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_phone_unique" UNIQUE("phone"),
	CONSTRAINT "staff_accounts_role_check" CHECK ("role" IN ('管理员', '财务', '客服', '数据'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "console_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" bigint,
	"staff_name" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_audit_log" ADD CONSTRAINT "console_audit_log_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id","ended_at");--> statement-breakpoint
CREATE INDEX "console_audit_log_time_idx" ON "console_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "console_audit_log_staff_idx" ON "console_audit_log" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "console_audit_log_subject_idx" ON "console_audit_log" USING btree ("subject","created_at");--> statement-breakpoint
CREATE FUNCTION "console_audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'console_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "console_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "console_audit_log" FOR EACH ROW EXECUTE FUNCTION "console_audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "console_audit_log_no_truncate" BEFORE TRUNCATE ON "console_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "console_audit_log_refuse_change"();
