CREATE SCHEMA "staff";
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
CREATE INDEX "audit_log_created_idx" ON "staff"."audit_log" USING btree ("audit_created" desc,"id_audit" desc);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "staff"."audit_log" USING btree ("target_type","target_id","audit_created");