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
ALTER TABLE "videos"."first_steps" ADD CONSTRAINT "first_steps_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_questions" ADD CONSTRAINT "live_questions_id_live_stream_live_streams_id_live_stream_fk" FOREIGN KEY ("id_live_stream") REFERENCES "videos"."live_streams"("id_live_stream") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_questions" ADD CONSTRAINT "live_questions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_questions_stream_idx" ON "videos"."live_questions" USING btree ("id_live_stream","question_created");--> statement-breakpoint
CREATE INDEX "live_questions_user_idx" ON "videos"."live_questions" USING btree ("id_user","question_created");--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_key_key" ON "videos"."live_streams" USING btree ("stream_key");