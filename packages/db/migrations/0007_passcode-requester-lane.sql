ALTER TABLE "auth"."passcodes" ADD COLUMN "requested_ip" text;--> statement-breakpoint
ALTER TABLE "auth"."passcodes" ADD COLUMN "requester_failed_attempts" integer DEFAULT 0 NOT NULL;