CREATE TABLE "platform"."content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
