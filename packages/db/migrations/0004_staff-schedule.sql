CREATE TABLE "videos"."video_schedules" (
	"id_video" integer PRIMARY KEY NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"id_user_scheduled" integer,
	"scheduled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos"."video_schedules" ADD CONSTRAINT "video_schedules_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_schedules" ADD CONSTRAINT "video_schedules_id_user_scheduled_users_id_user_fk" FOREIGN KEY ("id_user_scheduled") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;