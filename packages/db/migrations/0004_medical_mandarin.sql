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
	"id_job" integer,
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
CREATE INDEX "actions_type_created_idx" ON "analytics"."actions" USING btree ("action_type_name","created");--> statement-breakpoint
CREATE INDEX "actions_created_idx" ON "analytics"."actions" USING btree ("created");--> statement-breakpoint
CREATE INDEX "client_errors_created_idx" ON "platform"."client_errors" USING btree ("created");--> statement-breakpoint
CREATE UNIQUE INDEX "dev_mail_job_key" ON "platform"."dev_mail" USING btree ("id_job");--> statement-breakpoint
CREATE INDEX "dev_mail_to_idx" ON "platform"."dev_mail" USING btree (lower("mail_to"),"created");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "platform"."jobs" USING btree ("run_at") WHERE "platform"."jobs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "platform"."jobs" USING btree ("finished");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "platform"."rate_limits" USING btree ("reset_at");