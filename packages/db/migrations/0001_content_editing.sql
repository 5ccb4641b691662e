CREATE TABLE "videos"."course_slug_history" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"id_course" integer NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos"."live_stream_slug_history" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"id_live_stream" integer NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos"."free_resources" ADD COLUMN "resource_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."free_resources" ADD COLUMN "resource_created" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."free_resources" ADD COLUMN "resource_updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos"."course_slug_history" ADD CONSTRAINT "course_slug_history_id_course_courses_id_course_fk" FOREIGN KEY ("id_course") REFERENCES "videos"."courses"("id_course") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos"."live_stream_slug_history" ADD CONSTRAINT "live_stream_slug_history_id_live_stream_live_streams_id_live_stream_fk" FOREIGN KEY ("id_live_stream") REFERENCES "videos"."live_streams"("id_live_stream") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "auth"."users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_staff_created_idx" ON "messages"."messages" USING btree ("message_created") WHERE "messages"."messages"."message_from_staff";--> statement-breakpoint
CREATE INDEX "threads_helpdesk_created_idx" ON "messages"."threads" USING btree ("thread_created") WHERE "messages"."threads"."thread_helpdesk";--> statement-breakpoint
CREATE INDEX "free_resources_order_idx" ON "videos"."free_resources" USING btree ("resource_order");