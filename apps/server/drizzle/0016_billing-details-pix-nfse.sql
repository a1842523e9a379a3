CREATE TABLE "billing_details" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"state_registration" text DEFAULT '' NOT NULL,
	"municipal_registration" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"street" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"city_code" text DEFAULT '' NOT NULL,
	"emails" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"issuer" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text NOT NULL,
	"number" text,
	"verification_code" text,
	"access_key" text,
	"issued_at" timestamp with time zone,
	"xml" text,
	"pdf" "bytea",
	"rejection_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"cancel_requested_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"br_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse" ADD CONSTRAINT "nfse_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_invoice_key" ON "nfse" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "nfse_organization_idx" ON "nfse" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "nfse_due_idx" ON "nfse" USING btree ("next_attempt_at") WHERE "nfse"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "pix_charges_invoice_idx" ON "pix_charges" USING btree ("invoice_id","created_at");--> statement-breakpoint
-- The details asked at checkout until now become the organization's billing details; its first Owner's
-- e-mail receives the invoices until someone names others.
INSERT INTO "billing_details" ("organization_id", "country", "legal_name", "tax_id", "postal_code", "street", "city", "state", "emails")
SELECT a."organization_id", a."country", a."name", coalesce(a."tax_id", ''), a."postal_code", a."address_line", a."city", a."state",
  coalesce((SELECT jsonb_build_array(u."email") FROM "organization_members" m JOIN "users" u ON u."id" = m."user_id"
    WHERE m."organization_id" = a."organization_id" AND m."role" = 'owner' ORDER BY m."joined_at" LIMIT 1), '[]'::jsonb)
FROM "billing_accounts" a
WHERE a."name" IS NOT NULL AND a."country" IS NOT NULL AND a."address_line" IS NOT NULL AND a."city" IS NOT NULL
  AND a."state" IS NOT NULL AND a."postal_code" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "nfse" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "nfse_test_numbers" (
	"provider_cnpj" text PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL
);
--> statement-breakpoint
-- The copied Brazilian CPF/CNPJ and CEP lose their punctuation, as the billing details form stores them.
UPDATE "billing_details" SET
  "tax_id" = upper(regexp_replace("tax_id", '[-./[:space:]]', '', 'g')),
  "postal_code" = CASE WHEN regexp_replace("postal_code", '[^0-9]', '', 'g') ~ '^[0-9]{8}$'
    THEN regexp_replace("postal_code", '[^0-9]', '', 'g') ELSE "postal_code" END
WHERE "country" = 'BR';
--> statement-breakpoint
-- The details live in "billing_details" alone from now on.
ALTER TABLE "billing_accounts" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "tax_id";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "address_line";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "postal_code";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "country";
--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_pending_key" ON "pix_charges" USING btree ("invoice_id") WHERE "pix_charges"."status" = 'pending';
