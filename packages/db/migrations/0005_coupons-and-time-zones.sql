CREATE TABLE "finance"."coupons" (
	"id_coupon" serial PRIMARY KEY NOT NULL,
	"coupon_code" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"coupon_duration" text NOT NULL,
	"duration_months" integer,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"stripe_promotion_code_id" text,
	"coupon_created" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_one_discount_check" CHECK (("finance"."coupons"."percent_off" is null) <> ("finance"."coupons"."amount_off" is null)),
	CONSTRAINT "coupons_percent_check" CHECK ("finance"."coupons"."percent_off" is null or "finance"."coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_amount_check" CHECK ("finance"."coupons"."amount_off" is null or "finance"."coupons"."amount_off" > 0),
	CONSTRAINT "coupons_duration_check" CHECK ("finance"."coupons"."coupon_duration" in ('once', 'repeating', 'forever'))
);
--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "discount_amount_off" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "id_coupon" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "finance"."coupons" USING btree ("coupon_code");--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD CONSTRAINT "subscriptions_id_coupon_coupons_id_coupon_fk" FOREIGN KEY ("id_coupon") REFERENCES "finance"."coupons"("id_coupon") ON DELETE no action ON UPDATE no action;