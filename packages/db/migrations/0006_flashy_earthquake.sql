DROP TABLE "finance"."addresses" CASCADE;--> statement-breakpoint
ALTER TABLE "finance"."invoices" ADD COLUMN "stripe_invoice_number" text;--> statement-breakpoint
ALTER TABLE "finance"."invoices" ADD COLUMN "stripe_invoice_url" text;