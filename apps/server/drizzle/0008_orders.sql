CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_fen" integer NOT NULL,
	"low_money_fen" integer DEFAULT 0 NOT NULL,
	"grades" text[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frequency_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"frequency_type" integer NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"frequency" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_orders" (
	"invoice_id" text NOT NULL,
	"order_id" text NOT NULL,
	CONSTRAINT "invoice_orders_invoice_id_order_id_pk" PRIMARY KEY("invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text,
	"address" text,
	"phone" text,
	"bank_name" text,
	"bank_account" text,
	"email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text,
	"address" text,
	"phone" text,
	"bank_name" text,
	"bank_account" text,
	"email" text,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_no" text,
	"pdf" "bytea",
	"red_pdf" "bytea",
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"reddened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "membership_cards" (
	"code" text PRIMARY KEY NOT NULL,
	"batch" text NOT NULL,
	"grade" text NOT NULL,
	"days" integer NOT NULL,
	"value_fen" integer DEFAULT 0 NOT NULL,
	"redeem_by" timestamp with time zone,
	"redeemed_by" bigint,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"grade" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"value_fen" integer NOT NULL,
	"source" text NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_grants_source_unique" UNIQUE("source")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"plan_id" integer,
	"package_id" integer,
	"grade" text,
	"day" integer,
	"cycle" boolean DEFAULT false NOT NULL,
	"team_option_id" integer,
	"team_count" integer,
	"price_fen" integer NOT NULL,
	"dis_price_fen" integer DEFAULT 0 NOT NULL,
	"coupon_fen" integer DEFAULT 0 NOT NULL,
	"user_coupon_id" bigint,
	"pay_money_fen" integer NOT NULL,
	"save_money_fen" integer DEFAULT 0 NOT NULL,
	"cycle_price_fen" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text,
	"provider" text,
	"qr_text" text,
	"vendor_trade_no" text,
	"rand_tag" text,
	"tag" text,
	"agreement_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"grant_starts_at" timestamp with time zone,
	"grant_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" integer NOT NULL,
	"provider" text NOT NULL,
	"agreement_no" text,
	"status" text DEFAULT 'signing' NOT NULL,
	"period_days" integer NOT NULL,
	"cycle_amount_fen" integer NOT NULL,
	"next_charge_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_fen" integer,
	"vendor_trade_no" text,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"grade" text NOT NULL,
	"day" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer,
	"active_price_fen" integer,
	"active_starts_at" timestamp with time zone,
	"active_ends_at" timestamp with time zone,
	"activity_price_fen" integer,
	"activity_starts_at" timestamp with time zone,
	"activity_ends_at" timestamp with time zone,
	"new_user_price_fen" integer,
	"has_cycle" boolean DEFAULT false NOT NULL,
	"cycle_price_fen" integer,
	"cycle_period_days" integer,
	"discount" text DEFAULT '' NOT NULL,
	"team_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"point_activity" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" text NOT NULL,
	"notify_url" text NOT NULL,
	"status" text DEFAULT 'WAIT_BUYER_PAY' NOT NULL,
	"vendor_trade_no" text NOT NULL,
	"agreement_no" text,
	"external_agreement_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"used_order_id" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_grants" ADD CONSTRAINT "membership_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_agreements" ADD CONSTRAINT "payment_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frequency_packages_type_idx" ON "frequency_packages" USING btree ("frequency_type","enabled");--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_cards_batch_idx" ON "membership_cards" USING btree ("batch");--> statement-breakpoint
CREATE INDEX "membership_grants_user_idx" ON "membership_grants" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_rand_tag_idx" ON "orders" USING btree ("user_id","rand_tag");--> statement-breakpoint
CREATE INDEX "payment_agreements_due_idx" ON "payment_agreements" USING btree ("status","next_charge_on");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_grade_idx" ON "plans" USING btree ("grade","enabled","sort");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id","used_at");