DROP TABLE "auth"."auth_events" CASCADE;--> statement-breakpoint
ALTER TABLE "messages"."thread_tokens" ADD COLUMN "token_emailed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages"."threads" ADD COLUMN "sender_email_verified" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos"."course_videos" ADD COLUMN "course_video_part" text;--> statement-breakpoint
ALTER TABLE "platform"."jobs" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
-- ADR 0045: a signed-out helpdesk message no longer joins the inbox of the account its typed address
-- belongs to until that address is proven. Take back the memberships such threads were given before.
DELETE FROM "messages"."participants" p USING "messages"."threads" t, "auth"."users" u
WHERE p."id_thread" = t."id_thread" AND t."thread_helpdesk" AND t."id_user_sender" IS NULL
  AND t."sender_email_verified" IS NULL AND u."id_user" = p."id_user" AND lower(u."email") = lower(t."sender_email");
