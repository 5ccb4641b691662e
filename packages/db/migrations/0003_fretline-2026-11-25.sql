CREATE TABLE "messages"."reply_presence" (
	"id_thread" integer NOT NULL,
	"id_user" integer NOT NULL,
	"presence_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reply_presence_id_thread_id_user_pk" PRIMARY KEY("id_thread","id_user")
);
--> statement-breakpoint
CREATE TABLE "messages"."saved_replies" (
	"id_saved_reply" serial PRIMARY KEY NOT NULL,
	"saved_reply_title" text NOT NULL,
	"saved_reply_body" text NOT NULL,
	"id_user_created" integer,
	"saved_reply_created" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_reply_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages"."staff_notification_prefs" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"notify_new_messages" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."live_stream_reminders" (
	"id_live_stream" integer NOT NULL,
	"id_user" integer NOT NULL,
	"reminder_time_zone" text NOT NULL,
	"reminder_created" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_sent" timestamp with time zone,
	CONSTRAINT "live_stream_reminders_id_live_stream_id_user_pk" PRIMARY KEY("id_live_stream","id_user")
);
--> statement-breakpoint
CREATE TABLE "videos"."practice_settings" (
	"id_user" integer NOT NULL,
	"id_video" integer NOT NULL,
	"practice_screen" text NOT NULL,
	"practice_rate" integer NOT NULL,
	"practice_loop_start" double precision,
	"practice_loop_end" double precision,
	"practice_ladder_start" integer NOT NULL,
	"practice_ladder_step" integer NOT NULL,
	"practice_ladder_target" integer NOT NULL,
	"practice_ladder_loops" integer NOT NULL,
	"practice_count_in" integer NOT NULL,
	"practice_mirror" boolean NOT NULL,
	"practice_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_settings_id_user_id_video_practice_screen_pk" PRIMARY KEY("id_user","id_video","practice_screen")
);
--> statement-breakpoint
CREATE TABLE "videos"."video_chapters" (
	"id_video_chapter" serial PRIMARY KEY NOT NULL,
	"id_video" integer NOT NULL,
	"chapter_time" double precision NOT NULL,
	"chapter_title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."video_schedules" (
	"id_video" integer PRIMARY KEY NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"id_user_scheduled" integer,
	"scheduled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "videos"."saved_videos_user_video_key";--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "left_handed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages"."messages" ADD COLUMN "message_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."saved_videos" ADD COLUMN "saved_time" double precision;--> statement-breakpoint
ALTER TABLE "videos"."saved_videos" ADD COLUMN "saved_note" text;--> statement-breakpoint
ALTER TABLE "videos"."video_chords" ADD COLUMN "chord_frets" text;--> statement-breakpoint
ALTER TABLE "videos"."video_chords" ADD COLUMN "chord_fingers" text;--> statement-breakpoint
ALTER TABLE "videos"."video_chords" ADD COLUMN "chord_key" text;--> statement-breakpoint
ALTER TABLE "videos"."video_chords" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(coalesce(chord_text, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "videos"."video_sections" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(coalesce(section_heading, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'B') || setweight(to_tsvector('english'::regconfig, translate(coalesce(section_content, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "videos"."video_tags" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(coalesce(tag_name, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_source" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_status" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_error" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_preview" text;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "stream_poster_choices" text[];--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "video_tempo" integer;--> statement-breakpoint
ALTER TABLE "videos"."videos" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(coalesce(video_title, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'A') || setweight(to_tsvector('english'::regconfig, translate(coalesce(video_artist, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'A') || setweight(to_tsvector('english'::regconfig, translate(coalesce(video_excerpt, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'C') || setweight(to_tsvector('english'::regconfig, translate(coalesce(video_category, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'D') || setweight(to_tsvector('english'::regconfig, translate(coalesce(video_genre, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'D') || setweight(to_tsvector('english'::regconfig, translate(coalesce(video_skill, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "messages"."reply_presence" ADD CONSTRAINT "reply_presence_id_thread_threads_id_thread_fk" FOREIGN KEY ("id_thread") REFERENCES "messages"."threads"("id_thread") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."reply_presence" ADD CONSTRAINT "reply_presence_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."saved_replies" ADD CONSTRAINT "saved_replies_id_user_created_users_id_user_fk" FOREIGN KEY ("id_user_created") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."staff_notification_prefs" ADD CONSTRAINT "staff_notification_prefs_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_stream_reminders" ADD CONSTRAINT "live_stream_reminders_id_live_stream_live_streams_id_live_stream_fk" FOREIGN KEY ("id_live_stream") REFERENCES "videos"."live_streams"("id_live_stream") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_stream_reminders" ADD CONSTRAINT "live_stream_reminders_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_settings" ADD CONSTRAINT "practice_settings_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."practice_settings" ADD CONSTRAINT "practice_settings_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_chapters" ADD CONSTRAINT "video_chapters_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_schedules" ADD CONSTRAINT "video_schedules_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."video_schedules" ADD CONSTRAINT "video_schedules_id_user_scheduled_users_id_user_fk" FOREIGN KEY ("id_user_scheduled") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_reminders_user_idx" ON "videos"."live_stream_reminders" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "video_chapters_video_idx" ON "videos"."video_chapters" USING btree ("id_video","chapter_time");--> statement-breakpoint
CREATE INDEX "messages_content_search_idx" ON "messages"."messages" USING gin (to_tsvector('english', "message_content"));--> statement-breakpoint
CREATE INDEX "video_chords_key_idx" ON "videos"."video_chords" USING btree ("chord_key");--> statement-breakpoint
CREATE INDEX "video_chords_search_idx" ON "videos"."video_chords" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "video_sections_search_idx" ON "videos"."video_sections" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "video_tags_search_idx" ON "videos"."video_tags" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos"."videos" USING gin ("search_document");--> statement-breakpoint
ALTER TABLE "videos"."saved_videos" ADD CONSTRAINT "saved_videos_user_video_time_key" UNIQUE NULLS NOT DISTINCT("id_user","id_video","saved_time");