-- Refunds of payments kept for refund (docs/console.md "Refunds"): one per refund-due payment (its first
-- payment event, and its vendor trade), claimed by inserting the row so a double click refunds once; the
-- out_refund_no is derived from the payment event so every try asks the vendor with the same id.
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_event_id" bigint NOT NULL,
	"out_refund_no" text NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"vendor_trade_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text NOT NULL,
	"vendor_refund_id" text,
	"reason" text NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"vendor_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "refunds_status_check" CHECK ("status" IN ('processing', 'success', 'failed', 'by_hand')),
	CONSTRAINT "refunds_amount_check" CHECK ("amount_fen" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_event_idx" ON "refunds" USING btree ("payment_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_out_refund_no_idx" ON "refunds" USING btree ("out_refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_trade_idx" ON "refunds" USING btree ("order_id","provider","vendor_trade_no");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","requested_at");
