ALTER TABLE "invoices" ADD COLUMN "red_invoice_no" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "red_reason" text;