CREATE TABLE "videos"."chord_changes" (
	"id_chord_change" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"chord_a" text NOT NULL,
	"chord_b" text NOT NULL,
	"changes" integer NOT NULL,
	"changes_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."known_chords" (
	"id_user" integer NOT NULL,
	"chord_key" text NOT NULL,
	"known" boolean NOT NULL,
	CONSTRAINT "known_chords_id_user_chord_key_pk" PRIMARY KEY("id_user","chord_key")
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
ALTER TABLE "videos"."chord_changes" ADD CONSTRAINT "chord_changes_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."known_chords" ADD CONSTRAINT "known_chords_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_goals" ADD CONSTRAINT "practice_goals_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_sessions" ADD CONSTRAINT "practice_sessions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_sessions" ADD CONSTRAINT "practice_sessions_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chord_changes_user_idx" ON "videos"."chord_changes" USING btree ("id_user","changes_created");--> statement-breakpoint
CREATE INDEX "practice_sessions_user_day_idx" ON "videos"."practice_sessions" USING btree ("id_user","practised_on");