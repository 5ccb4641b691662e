CREATE TABLE "finance"."addresses" (
	"id_address" serial PRIMARY KEY NOT NULL,
	"fk_party_address" integer NOT NULL,
	"address_line_1" text,
	"address_line_2" text,
	"address_city" text,
	"address_county" text,
	"address_postcode" text,
	"address_country" text,
	"address_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance"."addresses" ADD CONSTRAINT "addresses_fk_party_address_parties_id_party_fk" FOREIGN KEY ("fk_party_address") REFERENCES "finance"."parties"("id_party") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_party_key" ON "finance"."addresses" USING btree ("fk_party_address");