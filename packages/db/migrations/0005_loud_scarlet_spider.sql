CREATE TABLE "auth"."auth_events" (
	"id_auth_event" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."passcodes" (
	"id_passcode" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"id_user" integer,
	"code_hmac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."sessions" DROP COLUMN "session_deleted";--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD COLUMN "session_deleted" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform"."dev_mail" ALTER COLUMN "id_job" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "auth"."passcodes" ADD CONSTRAINT "passcodes_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_lookup_idx" ON "auth"."auth_events" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE INDEX "passcodes_email_idx" ON "auth"."passcodes" USING btree ("purpose","email","id_passcode");