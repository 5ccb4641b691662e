CREATE TABLE "videos"."video_captions" (
	"id_video" integer NOT NULL,
	"caption_language" text NOT NULL,
	"caption_label" text NOT NULL,
	"caption_vtt" text NOT NULL,
	"caption_transcript" text NOT NULL,
	"caption_cue_count" integer NOT NULL,
	"caption_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(coalesce(caption_transcript, ''), 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ', 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao')), 'D')) STORED,
	CONSTRAINT "video_captions_id_video_caption_language_pk" PRIMARY KEY("id_video","caption_language")
);
--> statement-breakpoint
ALTER TABLE "videos"."video_captions" ADD CONSTRAINT "video_captions_id_video_videos_id_video_fk" FOREIGN KEY ("id_video") REFERENCES "videos"."videos"("id_video") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_captions_search_idx" ON "videos"."video_captions" USING gin ("search_document");