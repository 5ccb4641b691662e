CREATE TABLE "videos"."live_stream_reminders" (
	"id_live_stream" integer NOT NULL,
	"id_user" integer NOT NULL,
	"reminder_time_zone" text NOT NULL,
	"reminder_created" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_sent" timestamp with time zone,
	CONSTRAINT "live_stream_reminders_id_live_stream_id_user_pk" PRIMARY KEY("id_live_stream","id_user")
);
--> statement-breakpoint
ALTER TABLE "videos"."live_stream_reminders" ADD CONSTRAINT "live_stream_reminders_id_live_stream_live_streams_id_live_stream_fk" FOREIGN KEY ("id_live_stream") REFERENCES "videos"."live_streams"("id_live_stream") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_stream_reminders" ADD CONSTRAINT "live_stream_reminders_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_reminders_user_idx" ON "videos"."live_stream_reminders" USING btree ("id_user");