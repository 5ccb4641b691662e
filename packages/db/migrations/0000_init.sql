CREATE SCHEMA "auth";
--> statement-breakpoint
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
CREATE SCHEMA "staff";
--> statement-breakpoint
CREATE TABLE "auth"."auth_events" (
	"id_auth_event" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."passcodes" (
	"id_passcode" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"id_user" integer,
	"code_hmac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."sessions" (
	"id_session" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"token_hash" text NOT NULL,
	"session_ip" text,
	"session_user_agent" text,
	"session_created" timestamp with time zone DEFAULT now() NOT NULL,
	"session_accessed" timestamp with time zone DEFAULT now() NOT NULL,
	"session_deleted" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."user_roles" (
	"id_user" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_id_user_role_pk" PRIMARY KEY("id_user","role")
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id_user" serial PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text NOT NULL,
	"telephone" text,
	"welcome_pending" boolean DEFAULT true NOT NULL,
	"notifications_mailers" boolean DEFAULT false NOT NULL,
	"notifications_emails" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
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
CREATE TABLE "finance"."addresses" (
	"id_address" serial PRIMARY KEY NOT NULL,
	"fk_party_address" integer NOT NULL,
	"address_line_1" text,
	"address_line_2" text,
	"address_city" text,
	"address_county" text,
	"address_postcode" text,
	"address_country" text,
	"address_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."invoices" (
	"id_stripe_invoice" serial PRIMARY KEY NOT NULL,
	"fk_subscription" integer NOT NULL,
	"id_user" integer NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"stripe_invoice_number" text,
	"stripe_invoice_url" text,
	"stripe_invoice_total" integer NOT NULL,
	"stripe_invoice_status" text NOT NULL,
	"stripe_invoice_created" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance"."parties" (
	"id_party" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"fk_organisation_party" integer,
	"party_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."payment_methods" (
	"id_stripe_payment_method" serial PRIMARY KEY NOT NULL,
	"fk_subscription" integer NOT NULL,
	"id_user" integer NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"stripe_payment_method_created" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance"."provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_created" timestamp with time zone NOT NULL,
	"received" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "finance"."sandbox_subscriptions" (
	"provider_subscription_id" text PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"default_payment_method_id" text NOT NULL,
	"plan_price" integer NOT NULL,
	"plan_interval" text NOT NULL,
	"status" text NOT NULL,
	"charge_count" integer DEFAULT 0 NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."subscription_plans" (
	"id_subscription_plan" serial PRIMARY KEY NOT NULL,
	"fk_product_plan" integer NOT NULL,
	"subscription_plan_name" text NOT NULL,
	"subscription_plan_interval" text NOT NULL,
	"subscription_plan_price" integer NOT NULL,
	"subscription_plan_currency" text DEFAULT 'GBP' NOT NULL,
	"subscription_plan_order" integer DEFAULT 0 NOT NULL,
	"subscription_plan_active" boolean DEFAULT true NOT NULL,
	"stripe_price_id" text,
	CONSTRAINT "subscription_plans_interval_check" CHECK ("finance"."subscription_plans"."subscription_plan_interval" in ('month', 'year')),
	CONSTRAINT "subscription_plans_price_check" CHECK ("finance"."subscription_plans"."subscription_plan_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance"."subscription_products" (
	"id_subscription_product" serial PRIMARY KEY NOT NULL,
	"subscription_product_slug" text NOT NULL,
	"subscription_product_name" text NOT NULL,
	"subscription_product_description" text DEFAULT '' NOT NULL,
	"subscription_product_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subscription_product_trial_days" integer DEFAULT 0 NOT NULL,
	"subscription_product_cancellation_question" text,
	"stripe_product_id" text,
	"subscription_product_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance"."subscriptions" (
	"id_subscription" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"subscription_status" text DEFAULT 'draft' NOT NULL,
	"id_subscription_product" integer NOT NULL,
	"fk_plan_subscription" integer NOT NULL,
	"subscription_created" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_product_cancellation_question" text,
	"subscription_cancelled" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"provider" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_event_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"initial_payment_method_id" text NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("finance"."subscriptions"."subscription_status" in ('draft', 'created', 'initialised', 'active', 'incomplete', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "analytics"."actions" (
	"id_action" bigserial PRIMARY KEY NOT NULL,
	"action_type_name" text NOT NULL,
	"action_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_user" integer,
	"correlation_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."client_errors" (
	"id_client_error" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"url" text,
	"user_agent" text,
	"id_user" integer,
	"correlation_id" text,
	"ip" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."dev_mail" (
	"id_mail" serial PRIMARY KEY NOT NULL,
	"id_job" bigint,
	"mail_from" text NOT NULL,
	"mail_to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."jobs" (
	"id_job" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform"."rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff"."audit_log" (
	"id_audit" bigserial PRIMARY KEY NOT NULL,
	"id_user_actor" integer,
	"actor_email" text NOT NULL,
	"audit_action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"audit_diff" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audit_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."passcodes" ADD CONSTRAINT "passcodes_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."user_roles" ADD CONSTRAINT "user_roles_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "finance"."addresses" ADD CONSTRAINT "addresses_fk_party_address_parties_id_party_fk" FOREIGN KEY ("fk_party_address") REFERENCES "finance"."parties"("id_party") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."invoices" ADD CONSTRAINT "invoices_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."payment_methods" ADD CONSTRAINT "payment_methods_fk_subscription_subscriptions_id_subscription_fk" FOREIGN KEY ("fk_subscription") REFERENCES "finance"."subscriptions"("id_subscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscription_plans" ADD CONSTRAINT "subscription_plans_fk_product_plan_subscription_products_id_subscription_product_fk" FOREIGN KEY ("fk_product_plan") REFERENCES "finance"."subscription_products"("id_subscription_product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD CONSTRAINT "subscriptions_id_subscription_product_subscription_products_id_subscription_product_fk" FOREIGN KEY ("id_subscription_product") REFERENCES "finance"."subscription_products"("id_subscription_product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance"."subscriptions" ADD CONSTRAINT "subscriptions_fk_plan_subscription_subscription_plans_id_subscription_plan_fk" FOREIGN KEY ("fk_plan_subscription") REFERENCES "finance"."subscription_plans"("id_subscription_plan") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_lookup_idx" ON "auth"."auth_events" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE INDEX "passcodes_email_idx" ON "auth"."passcodes" USING btree ("purpose","email","id_passcode");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "auth"."sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "auth"."sessions" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_categories_slug_key" ON "messages"."helpdesk_categories" USING btree ("category_slug");--> statement-breakpoint
CREATE INDEX "helpdesks_ip_idx" ON "messages"."helpdesks" USING btree ("helpdesk_ip","helpdesk_created");--> statement-breakpoint
CREATE INDEX "helpdesks_email_idx" ON "messages"."helpdesks" USING btree (lower("email"),"helpdesk_created");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages"."messages" USING btree ("id_thread","id_message");--> statement-breakpoint
CREATE INDEX "participants_thread_idx" ON "messages"."participants" USING btree ("id_thread");--> statement-breakpoint
CREATE INDEX "participants_unread_idx" ON "messages"."participants" USING btree ("id_user") WHERE "messages"."participants"."participant_unread";--> statement-breakpoint
CREATE INDEX "thread_tokens_thread_idx" ON "messages"."thread_tokens" USING btree ("id_thread");--> statement-breakpoint
CREATE INDEX "threads_sender_idx" ON "messages"."threads" USING btree ("id_user_sender");--> statement-breakpoint
CREATE INDEX "threads_staff_inbox_idx" ON "messages"."threads" USING btree ("thread_resolved","thread_awaiting_staff","thread_edited") WHERE "messages"."threads"."thread_helpdesk";--> statement-breakpoint
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
CREATE INDEX "saved_videos_user_created_idx" ON "videos"."saved_videos" USING btree ("id_user","saved_created" DESC NULLS FIRST,"id_user_video" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_chords_video_idx" ON "videos"."video_chords" USING btree ("id_video","chord_order");--> statement-breakpoint
CREATE UNIQUE INDEX "video_plays_user_video_key" ON "videos"."video_plays" USING btree ("id_user","id_video");--> statement-breakpoint
CREATE INDEX "video_sections_video_idx" ON "videos"."video_sections" USING btree ("id_video","section_order");--> statement-breakpoint
CREATE INDEX "video_tags_slug_idx" ON "videos"."video_tags" USING btree ("tag_slug","id_video");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_slug_key" ON "videos"."videos" USING btree ("video_slug");--> statement-breakpoint
CREATE INDEX "videos_published_created_idx" ON "videos"."videos" USING btree ("video_created" DESC NULLS FIRST,"id_video" DESC NULLS FIRST) WHERE "videos"."videos"."video_published";--> statement-breakpoint
CREATE INDEX "videos_category_idx" ON "videos"."videos" USING btree ("video_category","video_created" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_difficulty_idx" ON "videos"."videos" USING btree ("video_difficulty");--> statement-breakpoint
CREATE INDEX "videos_genre_idx" ON "videos"."videos" USING btree ("video_genre");--> statement-breakpoint
CREATE INDEX "videos_artist_idx" ON "videos"."videos" USING btree ("video_artist");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_party_key" ON "finance"."addresses" USING btree ("fk_party_address");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_key" ON "finance"."invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_subscription_idx" ON "finance"."invoices" USING btree ("fk_subscription","stripe_invoice_created");--> statement-breakpoint
CREATE INDEX "parties_user_idx" ON "finance"."parties" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "parties_one_personal_per_user" ON "finance"."parties" USING btree ("id_user") WHERE "finance"."parties"."fk_organisation_party" is null;--> statement-breakpoint
CREATE INDEX "payment_methods_subscription_idx" ON "finance"."payment_methods" USING btree ("fk_subscription");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_live_key" ON "finance"."payment_methods" USING btree ("fk_subscription","stripe_payment_method_id") WHERE "finance"."payment_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subscription_plans_product_idx" ON "finance"."subscription_plans" USING btree ("fk_product_plan");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_products_slug_key" ON "finance"."subscription_products" USING btree ("subscription_product_slug");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "finance"."subscriptions" USING btree ("id_user","subscription_created");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_idempotency_key" ON "finance"."subscriptions" USING btree ("id_user","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_key" ON "finance"."subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_product" ON "finance"."subscriptions" USING btree ("id_user","id_subscription_product") WHERE "finance"."subscriptions"."subscription_status" in ('draft', 'created', 'initialised', 'active', 'incomplete', 'failed');--> statement-breakpoint
CREATE INDEX "actions_type_created_idx" ON "analytics"."actions" USING btree ("action_type_name","created");--> statement-breakpoint
CREATE INDEX "actions_created_idx" ON "analytics"."actions" USING btree ("created");--> statement-breakpoint
CREATE INDEX "client_errors_created_idx" ON "platform"."client_errors" USING btree ("created");--> statement-breakpoint
CREATE UNIQUE INDEX "dev_mail_job_key" ON "platform"."dev_mail" USING btree ("id_job");--> statement-breakpoint
CREATE INDEX "dev_mail_to_idx" ON "platform"."dev_mail" USING btree (lower("mail_to"),"created");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "platform"."jobs" USING btree ("run_at") WHERE "platform"."jobs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "platform"."jobs" USING btree ("finished");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "platform"."rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "staff"."audit_log" USING btree ("audit_created" desc,"id_audit" desc);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "staff"."audit_log" USING btree ("target_type","target_id","audit_created");