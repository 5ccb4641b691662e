DROP INDEX "videos"."saved_videos_user_created_idx";--> statement-breakpoint
DROP INDEX "videos"."videos_published_created_idx";--> statement-breakpoint
DROP INDEX "videos"."videos_category_idx";--> statement-breakpoint
CREATE INDEX "saved_videos_user_created_idx" ON "videos"."saved_videos" USING btree ("id_user","saved_created" DESC NULLS FIRST,"id_user_video" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_published_created_idx" ON "videos"."videos" USING btree ("video_created" DESC NULLS FIRST,"id_video" DESC NULLS FIRST) WHERE "videos"."videos"."video_published";--> statement-breakpoint
CREATE INDEX "videos_category_idx" ON "videos"."videos" USING btree ("video_category","video_created" DESC NULLS FIRST);