CREATE TABLE "videos"."video_chord_marks" (
	"id_video_chord_mark" serial PRIMARY KEY NOT NULL,
	"id_video" integer NOT NULL,
	"mark_time" double precision NOT NULL,
	"chord_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos"."video_chord_marks" ADD CONSTRAINT "video_chord_marks_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_chord_marks_video_idx" ON "videos"."video_chord_marks" USING btree ("id_video","mark_time");