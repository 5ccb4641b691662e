CREATE SCHEMA "mailers";
--> statement-breakpoint
CREATE TABLE "auth"."unsubscribe_events" (
	"id_unsubscribe_event" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"unsubscribe_list" text NOT NULL,
	"unsubscribe_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailers"."digest_deliveries" (
	"digest_week" text NOT NULL,
	"id_user" integer NOT NULL,
	"digest_sent" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_digest_week_id_user_pk" PRIMARY KEY("digest_week","id_user")
);
--> statement-breakpoint
CREATE TABLE "mailers"."digest_runs" (
	"digest_week" text PRIMARY KEY NOT NULL,
	"digest_started" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailers"."digest_subscribers" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"digest_since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailers"."mailer_recipients" (
	"id_mailer" integer NOT NULL,
	"id_user" integer NOT NULL,
	"recipient_status" text DEFAULT 'queued' NOT NULL,
	"recipient_error" text,
	"recipient_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailer_recipients_id_mailer_id_user_pk" PRIMARY KEY("id_mailer","id_user"),
	CONSTRAINT "mailer_recipients_status_check" CHECK ("mailers"."mailer_recipients"."recipient_status" in ('queued', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mailers"."mailers" (
	"id_mailer" serial PRIMARY KEY NOT NULL,
	"mailer_subject" text NOT NULL,
	"mailer_body" text DEFAULT '' NOT NULL,
	"mailer_audience" text DEFAULT 'all' NOT NULL,
	"id_course" integer,
	"mailer_status" text DEFAULT 'draft' NOT NULL,
	"mailer_scheduled_at" timestamp with time zone,
	"mailer_send_started" timestamp with time zone,
	"mailer_send_finished" timestamp with time zone,
	"id_user_author" integer,
	"mailer_created" timestamp with time zone DEFAULT now() NOT NULL,
	"mailer_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailers_status_check" CHECK ("mailers"."mailers"."mailer_status" in ('draft', 'scheduled', 'sending', 'sent')),
	CONSTRAINT "mailers_audience_check" CHECK ("mailers"."mailers"."mailer_audience" in ('all', 'members', 'trialists', 'free', 'lapsed', 'course'))
);
--> statement-breakpoint
ALTER TABLE "auth"."unsubscribe_events" ADD CONSTRAINT "unsubscribe_events_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "auth"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailers"."mailer_recipients" ADD CONSTRAINT "mailer_recipients_id_mailer_mailers_id_mailer_fk" FOREIGN KEY ("id_mailer") REFERENCES "mailers"."mailers"("id_mailer") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsubscribe_events_created_idx" ON "auth"."unsubscribe_events" USING btree ("unsubscribe_created");--> statement-breakpoint
CREATE INDEX "digest_deliveries_user_idx" ON "mailers"."digest_deliveries" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "mailer_recipients_status_idx" ON "mailers"."mailer_recipients" USING btree ("id_mailer","recipient_status");--> statement-breakpoint
CREATE INDEX "mailer_recipients_updated_idx" ON "mailers"."mailer_recipients" USING btree ("recipient_updated","recipient_status");--> statement-breakpoint
CREATE INDEX "mailer_recipients_user_idx" ON "mailers"."mailer_recipients" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "mailers_created_idx" ON "mailers"."mailers" USING btree ("mailer_created" desc);