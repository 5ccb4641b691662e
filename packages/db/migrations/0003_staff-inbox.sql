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
ALTER TABLE "messages"."messages" ADD COLUMN "message_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages"."reply_presence" ADD CONSTRAINT "reply_presence_id_thread_threads_id_thread_fk" FOREIGN KEY ("id_thread") REFERENCES "messages"."threads"("id_thread") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."reply_presence" ADD CONSTRAINT "reply_presence_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."saved_replies" ADD CONSTRAINT "saved_replies_id_user_created_users_id_user_fk" FOREIGN KEY ("id_user_created") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."staff_notification_prefs" ADD CONSTRAINT "staff_notification_prefs_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_content_search_idx" ON "messages"."messages" USING gin (to_tsvector('english', "message_content"));