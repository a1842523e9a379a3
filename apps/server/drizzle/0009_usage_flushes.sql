CREATE TABLE "usage_flushes" (
	"id" text PRIMARY KEY NOT NULL,
	"flushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_flushes_flushed_at_idx" ON "usage_flushes" USING btree ("flushed_at");