CREATE TABLE "billing_test_clocks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_delivery_refusals" (
	"scope" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "code_delivery_refusals_scope_hour_pk" PRIMARY KEY("scope","hour")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_invoice_id" text;--> statement-breakpoint
ALTER TABLE "billing_test_clocks" ADD CONSTRAINT "billing_test_clocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Test mode's one installation-wide billing clock becomes each account's own: the accounts that bought in
-- test mode keep the date they had; the installation-wide offset goes.
INSERT INTO "billing_test_clocks" ("user_id", "offset_ms")
SELECT "billing_accounts"."user_id", ("app_meta"."value" #>> '{}')::numeric::bigint
FROM "billing_accounts", "app_meta"
WHERE "app_meta"."key" = 'billing_test_clock_offset_ms' AND "billing_accounts"."provider" = 'test'
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "app_meta" WHERE "key" = 'billing_test_clock_offset_ms';
