CREATE SCHEMA "messages";
--> statement-breakpoint
CREATE SCHEMA "videos";
--> statement-breakpoint
CREATE SCHEMA "finance";
--> statement-breakpoint
CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE SCHEMA "platform";
--> statement-breakpoint
CREATE TABLE "messages"."captcha_uses" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages"."helpdesk_categories" (
	"id_helpdesk_category" serial PRIMARY KEY NOT NULL,
	"category_slug" text NOT NULL,
	"category_name" text NOT NULL,
	"category_description" text,
	"category_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages"."helpdesks" (
	"id_helpdesk" serial PRIMARY KEY NOT NULL,
	"id_thread" integer NOT NULL,
	"id_helpdesk_category" integer,
	"id_user" integer,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text NOT NULL,
	"telephone" text,
	"message" text NOT NULL,
	"notifications_mailers" boolean DEFAULT false NOT NULL,
	"consent_method" text,
	"consent_title" text,
	"consent_text" text,
	"consent_info" text,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"helpdesk_ip" text,
	"helpdesk_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages"."messages" (
	"id_message" serial PRIMARY KEY NOT NULL,
	"id_thread" integer NOT NULL,
	"id_user" integer,
	"first_name" text,
	"last_name" text,
	"email" text,
	"message_content" text NOT NULL,
	"message_from_staff" boolean DEFAULT false NOT NULL,
	"message_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages"."participants" (
	"id_thread" integer NOT NULL,
	"id_user" integer NOT NULL,
	"participant_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_timestamp" timestamp with time zone,
	"participant_unread" boolean DEFAULT false NOT NULL,
	CONSTRAINT "participants_id_user_id_thread_pk" PRIMARY KEY("id_user","id_thread")
);
--> statement-breakpoint
CREATE TABLE "messages"."thread_tokens" (
	"id_thread_token" serial PRIMARY KEY NOT NULL,
	"id_thread" integer NOT NULL,
	"token_created" timestamp with time zone DEFAULT now() NOT NULL,
	"token_revoked" timestamp with time zone,
	"last_read_timestamp" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages"."threads" (
	"id_thread" serial PRIMARY KEY NOT NULL,
	"thread_title" text,
	"private_thread" boolean DEFAULT true NOT NULL,
	"id_user_sender" integer,
	"sender_first_name" text,
	"sender_last_name" text,
	"sender_email" text,
	"id_helpdesk_category" integer,
	"thread_helpdesk" boolean DEFAULT false NOT NULL,
	"thread_created" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_edited" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_last_message" text,
	"first_name_last" text,
	"staff_first_name" text,
	"staff_last_name" text,
	"thread_awaiting_staff" boolean DEFAULT true NOT NULL,
	"thread_resolved" boolean DEFAULT false NOT NULL,
	"thread_resolved_at" timestamp with time zone,
	"id_user_assigned" integer
);
--> statement-breakpoint
ALTER TABLE "messages"."helpdesks" ADD CONSTRAINT "helpdesks_id_thread_threads_id_thread_fk" FOREIGN KEY ("id_thread") REFERENCES "messages"."threads"("id_thread") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."helpdesks" ADD CONSTRAINT "helpdesks_id_helpdesk_category_helpdesk_categories_id_helpdesk_category_fk" FOREIGN KEY ("id_helpdesk_category") REFERENCES "messages"."helpdesk_categories"("id_helpdesk_category") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."helpdesks" ADD CONSTRAINT "helpdesks_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."messages" ADD CONSTRAINT "messages_id_thread_threads_id_thread_fk" FOREIGN KEY ("id_thread") REFERENCES "messages"."threads"("id_thread") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."messages" ADD CONSTRAINT "messages_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."participants" ADD CONSTRAINT "participants_id_thread_threads_id_thread_fk" FOREIGN KEY ("id_thread") REFERENCES "messages"."threads"("id_thread") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."participants" ADD CONSTRAINT "participants_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."thread_tokens" ADD CONSTRAINT "thread_tokens_id_thread_threads_id_thread_fk" FOREIGN KEY ("id_thread") REFERENCES "messages"."threads"("id_thread") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."threads" ADD CONSTRAINT "threads_id_user_sender_users_id_user_fk" FOREIGN KEY ("id_user_sender") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."threads" ADD CONSTRAINT "threads_id_helpdesk_category_helpdesk_categories_id_helpdesk_category_fk" FOREIGN KEY ("id_helpdesk_category") REFERENCES "messages"."helpdesk_categories"("id_helpdesk_category") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages"."threads" ADD CONSTRAINT "threads_id_user_assigned_users_id_user_fk" FOREIGN KEY ("id_user_assigned") REFERENCES "auth"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_categories_slug_key" ON "messages"."helpdesk_categories" USING btree ("category_slug");--> statement-breakpoint
CREATE INDEX "helpdesks_ip_idx" ON "messages"."helpdesks" USING btree ("helpdesk_ip","helpdesk_created");--> statement-breakpoint
CREATE INDEX "helpdesks_email_idx" ON "messages"."helpdesks" USING btree (lower("email"),"helpdesk_created");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages"."messages" USING btree ("id_thread","id_message");--> statement-breakpoint
CREATE INDEX "participants_thread_idx" ON "messages"."participants" USING btree ("id_thread");--> statement-breakpoint
CREATE INDEX "participants_unread_idx" ON "messages"."participants" USING btree ("id_user") WHERE "messages"."participants"."participant_unread";--> statement-breakpoint
CREATE INDEX "thread_tokens_thread_idx" ON "messages"."thread_tokens" USING btree ("id_thread");--> statement-breakpoint
CREATE INDEX "threads_sender_idx" ON "messages"."threads" USING btree ("id_user_sender");--> statement-breakpoint
CREATE INDEX "threads_staff_inbox_idx" ON "messages"."threads" USING btree ("thread_resolved","thread_awaiting_staff","thread_edited") WHERE "messages"."threads"."thread_helpdesk";