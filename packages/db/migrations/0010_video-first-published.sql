ALTER TABLE "videos"."videos" ADD COLUMN "video_first_published" timestamp with time zone;--> statement-breakpoint
UPDATE "videos"."videos" SET "video_first_published" = "video_created" WHERE "video_published";--> statement-breakpoint
CREATE FUNCTION "videos"."set_video_first_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.video_published AND NEW.video_first_published IS NULL THEN
    NEW.video_first_published := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "video_first_published" BEFORE INSERT OR UPDATE OF "video_published" ON "videos"."videos"
  FOR EACH ROW EXECUTE FUNCTION "videos"."set_video_first_published"();
