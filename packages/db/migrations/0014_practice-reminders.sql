CREATE TABLE "videos"."practice_reminder_runs" (
	"reminder_run_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"reminder_run_started" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."practice_reminders" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"reminder_on" boolean NOT NULL,
	"reminder_time" text NOT NULL,
	"reminder_time_zone" text NOT NULL,
	"reminder_sent_on" date,
	"reminder_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos"."practice_reminders" ADD CONSTRAINT "practice_reminders_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_reminders_on_idx" ON "videos"."practice_reminders" USING btree ("reminder_on");