CREATE TABLE "videos"."course_progress" (
	"id_user" integer NOT NULL,
	"id_course" integer NOT NULL,
	"id_course_video_active" integer,
	"video_last_played" timestamp with time zone,
	"course_percent_complete" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_progress_id_user_id_course_pk" PRIMARY KEY("id_user","id_course")
);
--> statement-breakpoint
CREATE TABLE "videos"."course_testimonials" (
	"id_course_testimonial" serial PRIMARY KEY NOT NULL,
	"id_course" integer NOT NULL,
	"testimonial_order" integer DEFAULT 0 NOT NULL,
	"testimonial_name" text NOT NULL,
	"testimonial_content" text NOT NULL,
	"testimonial_image" text
);
--> statement-breakpoint
CREATE TABLE "videos"."course_videos" (
	"id_course_video" serial PRIMARY KEY NOT NULL,
	"id_course" integer NOT NULL,
	"id_video" integer NOT NULL,
	"course_video_order" integer DEFAULT 0 NOT NULL,
	"course_video_kind" text DEFAULT 'video' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."courses" (
	"id_course" serial PRIMARY KEY NOT NULL,
	"course_slug" text NOT NULL,
	"course_archetype" text DEFAULT 'course' NOT NULL,
	"course_title" text NOT NULL,
	"course_description" text,
	"course_excerpt" text,
	"course_order" integer DEFAULT 0 NOT NULL,
	"course_image" text,
	"course_image_text" text,
	"course_jumbo_image" text,
	"course_jumbo_image_position" text DEFAULT 'center' NOT NULL,
	"course_trailer_url" text,
	"stream_folder" text,
	"stream_manifest" text,
	"stream_preview" text,
	"stream_poster" text,
	"stream_duration" integer,
	"stream_width" integer,
	"stream_height" integer,
	"stream_bitrate" integer,
	"course_published" boolean DEFAULT true NOT NULL,
	"course_created" timestamp with time zone DEFAULT now() NOT NULL,
	"course_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."free_resources" (
	"id_free_resource" serial PRIMARY KEY NOT NULL,
	"resource_slug" text NOT NULL,
	"resource_title" text NOT NULL,
	"resource_description" text,
	"resource_path" text NOT NULL,
	"resource_extension" text NOT NULL,
	"resource_image" text,
	"resource_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."live_streams" (
	"id_live_stream" serial PRIMARY KEY NOT NULL,
	"stream_slug" text NOT NULL,
	"stream_title" text NOT NULL,
	"stream_description" text,
	"stream_starts" timestamp with time zone NOT NULL,
	"stream_ends" timestamp with time zone NOT NULL,
	"stream_manifest" text,
	"stream_poster" text,
	"stream_premium" boolean DEFAULT false NOT NULL,
	"stream_published" boolean DEFAULT true NOT NULL,
	"id_video_replay" integer,
	"stream_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."saved_videos" (
	"id_user_video" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"id_video" integer NOT NULL,
	"saved_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."video_chords" (
	"id_video_chord" serial PRIMARY KEY NOT NULL,
	"id_video" integer NOT NULL,
	"chord_order" integer DEFAULT 0 NOT NULL,
	"chord_text" text NOT NULL,
	"chord_url" text
);
--> statement-breakpoint
CREATE TABLE "videos"."video_plays" (
	"id_video_play" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"id_video" integer NOT NULL,
	"video_play_total_time" double precision DEFAULT 0 NOT NULL,
	"video_play_current_time" double precision DEFAULT 0 NOT NULL,
	"video_play_completed" boolean DEFAULT false NOT NULL,
	"video_play_created" timestamp with time zone DEFAULT now() NOT NULL,
	"video_play_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."video_sections" (
	"id_video_section" serial PRIMARY KEY NOT NULL,
	"id_video" integer NOT NULL,
	"section_order" integer DEFAULT 0 NOT NULL,
	"section_type" text NOT NULL,
	"section_heading" text,
	"section_content" text,
	"soundslice_id" text,
	"spotify_id" text,
	"youtube_id" text,
	"youtube_poster" text,
	"asset_name" text,
	"asset_extension" text,
	"asset_path" text,
	"stream_manifest" text,
	"stream_poster" text
);
--> statement-breakpoint
CREATE TABLE "videos"."video_slug_history" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"id_video" integer NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."video_tags" (
	"id_video" integer NOT NULL,
	"tag_slug" text NOT NULL,
	"tag_name" text NOT NULL,
	CONSTRAINT "video_tags_id_video_tag_slug_pk" PRIMARY KEY("id_video","tag_slug")
);
--> statement-breakpoint
CREATE TABLE "videos"."videos" (
	"id_video" serial PRIMARY KEY NOT NULL,
	"video_slug" text NOT NULL,
	"video_title" text NOT NULL,
	"video_player" text DEFAULT 'stream' NOT NULL,
	"video_premium" boolean DEFAULT false NOT NULL,
	"video_published" boolean DEFAULT true NOT NULL,
	"video_image" text,
	"video_order" integer DEFAULT 0 NOT NULL,
	"video_excerpt" text,
	"video_category" text NOT NULL,
	"video_difficulty" text,
	"video_instrument" text,
	"video_artist" text,
	"video_skill" text,
	"video_genre" text,
	"video_decade" text,
	"video_type" text,
	"video_grade" text,
	"youtube_video_id" text,
	"stream_folder" text,
	"stream_manifest" text,
	"stream_poster" text,
	"stream_duration" integer,
	"stream_width" integer,
	"stream_height" integer,
	"stream_bitrate" integer,
	"id_recommended_course" integer,
	"video_created" timestamp with time zone DEFAULT now() NOT NULL,
	"video_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos"."course_progress" ADD CONSTRAINT "course_progress_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."course_progress" ADD CONSTRAINT "course_progress_id_course_courses_id_course_fk" FOREIGN KEY ("id_course") REFERENCES "videos"."courses"("id_course") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."course_progress" ADD CONSTRAINT "course_progress_id_course_video_active_course_videos_id_course_video_fk" FOREIGN KEY ("id_course_video_active") REFERENCES "videos"."course_videos"("id_course_video") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."course_testimonials" ADD CONSTRAINT "course_testimonials_id_course_courses_id_course_fk" FOREIGN KEY ("id_course") REFERENCES "videos"."courses"("id_course") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."course_videos" ADD CONSTRAINT "course_videos_id_course_courses_id_course_fk" FOREIGN KEY ("id_course") REFERENCES "videos"."courses"("id_course") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."course_videos" ADD CONSTRAINT "course_videos_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_streams" ADD CONSTRAINT "live_streams_id_video_replay_videos_id_video_fk" FOREIGN KEY ("id_video_replay") REFERENCES "videos"."videos"("id_video") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."saved_videos" ADD CONSTRAINT "saved_videos_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."saved_videos" ADD CONSTRAINT "saved_videos_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_chords" ADD CONSTRAINT "video_chords_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_plays" ADD CONSTRAINT "video_plays_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_plays" ADD CONSTRAINT "video_plays_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_sections" ADD CONSTRAINT "video_sections_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_slug_history" ADD CONSTRAINT "video_slug_history_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_tags" ADD CONSTRAINT "video_tags_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD CONSTRAINT "videos_id_recommended_course_courses_id_course_fk" FOREIGN KEY ("id_recommended_course") REFERENCES "videos"."courses"("id_course") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_testimonials_course_idx" ON "videos"."course_testimonials" USING btree ("id_course");--> statement-breakpoint
CREATE UNIQUE INDEX "course_videos_course_video_key" ON "videos"."course_videos" USING btree ("id_course","id_video");--> statement-breakpoint
CREATE INDEX "course_videos_course_order_idx" ON "videos"."course_videos" USING btree ("id_course","course_video_order");--> statement-breakpoint
CREATE INDEX "course_videos_video_idx" ON "videos"."course_videos" USING btree ("id_video");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_key" ON "videos"."courses" USING btree ("course_slug");--> statement-breakpoint
CREATE INDEX "courses_order_idx" ON "videos"."courses" USING btree ("course_order");--> statement-breakpoint
CREATE UNIQUE INDEX "free_resources_slug_key" ON "videos"."free_resources" USING btree ("resource_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_slug_key" ON "videos"."live_streams" USING btree ("stream_slug");--> statement-breakpoint
CREATE INDEX "live_streams_starts_idx" ON "videos"."live_streams" USING btree ("stream_starts");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_videos_user_video_key" ON "videos"."saved_videos" USING btree ("id_user","id_video");--> statement-breakpoint
CREATE INDEX "saved_videos_user_created_idx" ON "videos"."saved_videos" USING btree ("id_user","saved_created" DESC NULLS LAST,"id_user_video" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_chords_video_idx" ON "videos"."video_chords" USING btree ("id_video","chord_order");--> statement-breakpoint
CREATE UNIQUE INDEX "video_plays_user_video_key" ON "videos"."video_plays" USING btree ("id_user","id_video");--> statement-breakpoint
CREATE INDEX "video_sections_video_idx" ON "videos"."video_sections" USING btree ("id_video","section_order");--> statement-breakpoint
CREATE INDEX "video_tags_slug_idx" ON "videos"."video_tags" USING btree ("tag_slug","id_video");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_slug_key" ON "videos"."videos" USING btree ("video_slug");--> statement-breakpoint
CREATE INDEX "videos_published_created_idx" ON "videos"."videos" USING btree ("video_published","video_created" DESC NULLS LAST,"id_video" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_category_idx" ON "videos"."videos" USING btree ("video_category","video_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_difficulty_idx" ON "videos"."videos" USING btree ("video_difficulty");--> statement-breakpoint
CREATE INDEX "videos_genre_idx" ON "videos"."videos" USING btree ("video_genre");--> statement-breakpoint
CREATE INDEX "videos_artist_idx" ON "videos"."videos" USING btree ("video_artist");