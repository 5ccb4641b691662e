CREATE TABLE "finance"."lifecycle_mails" (
	"id_lifecycle_mail" serial PRIMARY KEY NOT NULL,
	"fk_subscription" integer NOT NULL,
	"mail_kind" text NOT NULL,
	"mail_key" text NOT NULL,
	"mail_subject" text NOT NULL,
	"mail_created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."retention_offers" (
	"id_retention_offer" integer PRIMARY KEY NOT NULL,
	"offer_enabled" boolean DEFAULT false NOT NULL,
	"offer_percent_off" integer DEFAULT 50 NOT NULL,
	"offer_months" integer DEFAULT 3 NOT NULL,
	"offer_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_offers_percent_check" CHECK ("finance"."retention_offers"."offer_percent_off" between 1 and 100),
	CONSTRAINT "retention_offers_months_check" CHECK ("finance"."retention_offers"."offer_months" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "finance"."subscription_changes" (
	"id_subscription_change" serial PRIMARY KEY NOT NULL,
	"fk_subscription" integer NOT NULL,
	"change_kind" text NOT NULL,
	"change_created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "resumes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "discount_charges_left" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "retention_offer_taken" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."lifecycle_mails" ADD CONSTRAINT "lifecycle_mails_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscription_changes" ADD CONSTRAINT "subscription_changes_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_mails_once_key" ON "finance"."lifecycle_mails" USING btree ("fk_subscription","mail_kind","mail_key");--> statement-breakpoint
CREATE INDEX "subscription_changes_kind_created_idx" ON "finance"."subscription_changes" USING btree ("change_kind","change_created");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "finance"."subscriptions" USING btree ("subscription_created");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_end_idx" ON "finance"."subscriptions" USING btree ("trial_end");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "finance"."subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_cancelled_idx" ON "finance"."subscriptions" USING btree ("subscription_cancelled");