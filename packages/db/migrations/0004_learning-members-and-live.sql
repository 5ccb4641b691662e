CREATE SCHEMA "mailers";
--> statement-breakpoint
CREATE TABLE "auth"."unsubscribe_events" (
	"id_unsubscribe_event" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"unsubscribe_list" text NOT NULL,
	"unsubscribe_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."chord_changes" (
	"id_chord_change" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"chord_a" text NOT NULL,
	"chord_b" text NOT NULL,
	"changes" integer NOT NULL,
	"changes_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."first_steps" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"first_steps_level" text,
	"first_steps_style" text,
	"first_steps_guitar" text,
	"first_steps_goals" text DEFAULT '' NOT NULL,
	"first_steps_dismissed" boolean DEFAULT false NOT NULL,
	"first_steps_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."known_chords" (
	"id_user" integer NOT NULL,
	"chord_key" text NOT NULL,
	"known" boolean NOT NULL,
	CONSTRAINT "known_chords_id_user_chord_key_pk" PRIMARY KEY("id_user","chord_key")
);
--> statement-breakpoint
CREATE TABLE "videos"."live_questions" (
	"id_live_question" serial PRIMARY KEY NOT NULL,
	"id_live_stream" integer NOT NULL,
	"id_user" integer NOT NULL,
	"question_text" text NOT NULL,
	"question_created" timestamp with time zone DEFAULT now() NOT NULL,
	"question_answered" timestamp with time zone,
	"question_moment" double precision,
	"question_run" text
);
--> statement-breakpoint
CREATE TABLE "videos"."practice_goals" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"goal_minutes" integer NOT NULL,
	"goal_days" integer NOT NULL,
	"goal_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."practice_sessions" (
	"id_practice_session" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"id_video" integer,
	"practice_seconds" integer NOT NULL,
	"practised_on" date NOT NULL,
	"practice_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "mailers"."digest_deliveries" (
	"digest_week" text NOT NULL,
	"id_user" integer NOT NULL,
	"digest_sent" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_digest_week_id_user_pk" PRIMARY KEY("digest_week","id_user")
);
--> statement-breakpoint
CREATE TABLE "mailers"."digest_runs" (
	"digest_week" text PRIMARY KEY NOT NULL,
	"digest_started" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailers"."digest_subscribers" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"digest_since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailers"."mailer_recipients" (
	"id_mailer" integer NOT NULL,
	"id_user" integer NOT NULL,
	"recipient_status" text DEFAULT 'queued' NOT NULL,
	"recipient_error" text,
	"recipient_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailer_recipients_id_mailer_id_user_pk" PRIMARY KEY("id_mailer","id_user"),
	CONSTRAINT "mailer_recipients_status_check" CHECK ("mailers"."mailer_recipients"."recipient_status" in ('queued', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mailers"."mailers" (
	"id_mailer" serial PRIMARY KEY NOT NULL,
	"mailer_subject" text NOT NULL,
	"mailer_body" text DEFAULT '' NOT NULL,
	"mailer_audience" text DEFAULT 'all' NOT NULL,
	"id_course" integer,
	"mailer_status" text DEFAULT 'draft' NOT NULL,
	"mailer_scheduled_at" timestamp with time zone,
	"mailer_send_started" timestamp with time zone,
	"mailer_send_finished" timestamp with time zone,
	"id_user_author" integer,
	"mailer_created" timestamp with time zone DEFAULT now() NOT NULL,
	"mailer_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailers_status_check" CHECK ("mailers"."mailers"."mailer_status" in ('draft', 'scheduled', 'sending', 'sent')),
	CONSTRAINT "mailers_audience_check" CHECK ("mailers"."mailers"."mailer_audience" in ('all', 'members', 'trialists', 'free', 'lapsed', 'course'))
);
--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_state" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_instance" text;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_part_started" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_recorded_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_run" text;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_playlist" text;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "ingest_parts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD COLUMN "stream_auto_replay" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."video_plays" ADD COLUMN "video_play_watched" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."video_plays" ADD COLUMN "video_play_watched_time" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "resumes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "discount_charges_left" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."sandbox_subscriptions" ADD COLUMN "credit_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD COLUMN "retention_offer_taken" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."unsubscribe_events" ADD CONSTRAINT "unsubscribe_events_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."chord_changes" ADD CONSTRAINT "chord_changes_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."first_steps" ADD CONSTRAINT "first_steps_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."known_chords" ADD CONSTRAINT "known_chords_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_questions" ADD CONSTRAINT "live_questions_id_live_stream_live_streams_id_live_stream_fk" FOREIGN KEY ("id_live_stream") REFERENCES "videos"."live_streams"("id_live_stream") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_questions" ADD CONSTRAINT "live_questions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_goals" ADD CONSTRAINT "practice_goals_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_sessions" ADD CONSTRAINT "practice_sessions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_sessions" ADD CONSTRAINT "practice_sessions_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."lifecycle_mails" ADD CONSTRAINT "lifecycle_mails_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscription_changes" ADD CONSTRAINT "subscription_changes_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailers"."mailer_recipients" ADD CONSTRAINT "mailer_recipients_id_mailer_mailers_id_mailer_fk" FOREIGN KEY ("id_mailer") REFERENCES "mailers"."mailers"("id_mailer") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsubscribe_events_created_idx" ON "auth"."unsubscribe_events" USING btree ("unsubscribe_created");--> statement-breakpoint
CREATE INDEX "chord_changes_user_idx" ON "videos"."chord_changes" USING btree ("id_user","changes_created");--> statement-breakpoint
CREATE INDEX "live_questions_stream_idx" ON "videos"."live_questions" USING btree ("id_live_stream","question_created");--> statement-breakpoint
CREATE INDEX "live_questions_user_idx" ON "videos"."live_questions" USING btree ("id_user","question_created");--> statement-breakpoint
CREATE INDEX "practice_sessions_user_day_idx" ON "videos"."practice_sessions" USING btree ("id_user","practised_on");--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_mails_once_key" ON "finance"."lifecycle_mails" USING btree ("fk_subscription","mail_kind","mail_key");--> statement-breakpoint
CREATE INDEX "subscription_changes_kind_created_idx" ON "finance"."subscription_changes" USING btree ("change_kind","change_created");--> statement-breakpoint
CREATE INDEX "digest_deliveries_user_idx" ON "mailers"."digest_deliveries" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "mailer_recipients_status_idx" ON "mailers"."mailer_recipients" USING btree ("id_mailer","recipient_status");--> statement-breakpoint
CREATE INDEX "mailer_recipients_updated_idx" ON "mailers"."mailer_recipients" USING btree ("recipient_updated","recipient_status");--> statement-breakpoint
CREATE INDEX "mailer_recipients_user_idx" ON "mailers"."mailer_recipients" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "mailers_created_idx" ON "mailers"."mailers" USING btree ("mailer_created" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_key_key" ON "videos"."live_streams" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "finance"."subscriptions" USING btree ("subscription_created");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_end_idx" ON "finance"."subscriptions" USING btree ("trial_end");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "finance"."subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_cancelled_idx" ON "finance"."subscriptions" USING btree ("subscription_cancelled");