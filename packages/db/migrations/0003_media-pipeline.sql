ALTER TABLE "videos"."videos" ADD COLUMN "stream_source" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_status" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_error" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_preview" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_poster_choices" text[];