CREATE TABLE "finance"."addresses" (
	"fk_party" integer PRIMARY KEY NOT NULL,
	"address_name" text DEFAULT '' NOT NULL,
	"address_line_1" text DEFAULT '' NOT NULL,
	"address_line_2" text DEFAULT '' NOT NULL,
	"address_city" text DEFAULT '' NOT NULL,
	"address_region" text DEFAULT '' NOT NULL,
	"address_postcode" text DEFAULT '' NOT NULL,
	"address_country" text DEFAULT 'GB' NOT NULL,
	"address_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."invoices" (
	"id_stripe_invoice" serial PRIMARY KEY NOT NULL,
	"fk_subscription" integer NOT NULL,
	"id_user" integer NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"stripe_invoice_total" integer NOT NULL,
	"stripe_invoice_status" text NOT NULL,
	"stripe_invoice_created" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance"."parties" (
	"id_party" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"fk_organisation_party" integer,
	"party_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."payment_methods" (
	"id_stripe_payment_method" serial PRIMARY KEY NOT NULL,
	"fk_subscription" integer NOT NULL,
	"id_user" integer NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"stripe_payment_method_created" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance"."provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_created" timestamp with time zone NOT NULL,
	"received" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "finance"."sandbox_subscriptions" (
	"provider_subscription_id" text PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"default_payment_method_id" text NOT NULL,
	"plan_price" integer NOT NULL,
	"plan_interval" text NOT NULL,
	"status" text NOT NULL,
	"charge_count" integer DEFAULT 0 NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."subscription_plans" (
	"id_subscription_plan" serial PRIMARY KEY NOT NULL,
	"fk_product_plan" integer NOT NULL,
	"subscription_plan_name" text NOT NULL,
	"subscription_plan_interval" text NOT NULL,
	"subscription_plan_price" integer NOT NULL,
	"subscription_plan_currency" text DEFAULT 'GBP' NOT NULL,
	"subscription_plan_order" integer DEFAULT 0 NOT NULL,
	"subscription_plan_active" boolean DEFAULT true NOT NULL,
	"stripe_price_id" text,
	CONSTRAINT "subscription_plans_interval_check" CHECK ("finance"."subscription_plans"."subscription_plan_interval" in ('month', 'year')),
	CONSTRAINT "subscription_plans_price_check" CHECK ("finance"."subscription_plans"."subscription_plan_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance"."subscription_products" (
	"id_subscription_product" serial PRIMARY KEY NOT NULL,
	"subscription_product_slug" text NOT NULL,
	"subscription_product_name" text NOT NULL,
	"subscription_product_description" text DEFAULT '' NOT NULL,
	"subscription_product_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subscription_product_trial_days" integer DEFAULT 0 NOT NULL,
	"subscription_product_cancellation_question" text,
	"stripe_product_id" text,
	"subscription_product_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."subscriptions" (
	"id_subscription" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"subscription_status" text DEFAULT 'draft' NOT NULL,
	"id_subscription_product" integer NOT NULL,
	"fk_plan_subscription" integer NOT NULL,
	"subscription_created" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_product_cancellation_question" text,
	"subscription_cancelled" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_event_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"initial_payment_method_id" text NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("finance"."subscriptions"."subscription_status" in ('draft', 'created', 'initialised', 'active', 'incomplete', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "finance"."addresses" ADD CONSTRAINT "addresses_fk_party_parties_id_party_fk" FOREIGN KEY ("fk_party") REFERENCES "finance"."parties"("id_party") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."invoices" ADD CONSTRAINT "invoices_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."payment_methods" ADD CONSTRAINT "payment_methods_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscription_plans" ADD CONSTRAINT "subscription_plans_fk_product_plan_subscription_products_id_subscription_product_fk" FOREIGN KEY ("fk_product_plan") REFERENCES "finance"."subscription_products"("id_subscription_product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD CONSTRAINT "subscriptions_id_subscription_product_subscription_products_id_subscription_product_fk" FOREIGN KEY ("id_subscription_product") REFERENCES "finance"."subscription_products"("id_subscription_product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD CONSTRAINT "subscriptions_fk_plan_subscription_subscription_plans_id_subscription_plan_fk" FOREIGN KEY ("fk_plan_subscription") REFERENCES "finance"."subscription_plans"("id_subscription_plan") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_key" ON "finance"."invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_subscription_idx" ON "finance"."invoices" USING btree ("fk_subscription","stripe_invoice_created");--> statement-breakpoint
CREATE INDEX "parties_user_idx" ON "finance"."parties" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "parties_one_personal_per_user" ON "finance"."parties" USING btree ("id_user") WHERE "finance"."parties"."fk_organisation_party" is null;--> statement-breakpoint
CREATE INDEX "payment_methods_subscription_idx" ON "finance"."payment_methods" USING btree ("fk_subscription");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_live_key" ON "finance"."payment_methods" USING btree ("fk_subscription","stripe_payment_method_id") WHERE "finance"."payment_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subscription_plans_product_idx" ON "finance"."subscription_plans" USING btree ("fk_product_plan");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_products_slug_key" ON "finance"."subscription_products" USING btree ("subscription_product_slug");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "finance"."subscriptions" USING btree ("id_user","subscription_created");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_idempotency_key" ON "finance"."subscriptions" USING btree ("id_user","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_key" ON "finance"."subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_product" ON "finance"."subscriptions" USING btree ("id_user","id_subscription_product") WHERE "finance"."subscriptions"."subscription_status" in ('draft', 'created', 'initialised', 'active', 'incomplete', 'failed');