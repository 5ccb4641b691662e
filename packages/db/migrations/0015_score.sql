CREATE TABLE "videos"."video_score_sync_points" (
	"id_video_score_sync_point" serial PRIMARY KEY NOT NULL,
	"id_video" integer NOT NULL,
	"bar_index" integer NOT NULL,
	"sync_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."video_scores" (
	"id_video" integer PRIMARY KEY NOT NULL,
	"score_file_name" text NOT NULL,
	"score_format" text NOT NULL,
	"score_base64" text NOT NULL,
	"score_title" text,
	"score_bar_count" integer NOT NULL,
	"score_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos"."video_score_sync_points" ADD CONSTRAINT "video_score_sync_points_id_video_video_scores_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."video_scores"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_scores" ADD CONSTRAINT "video_scores_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_score_sync_points_bar_idx" ON "videos"."video_score_sync_points" USING btree ("id_video","bar_index");