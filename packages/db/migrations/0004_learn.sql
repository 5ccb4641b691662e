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
ALTER TABLE "videos"."video_plays" ADD COLUMN "video_play_watched" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."video_plays" ADD COLUMN "video_play_watched_time" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."first_steps" ADD CONSTRAINT "first_steps_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;