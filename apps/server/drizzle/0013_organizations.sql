-- Issue 24 (decision 033): the organization becomes the customer. Every account becomes the single Owner of an
-- organization of its own that has the account's id, so the rows the account owned keep their id column's
-- values: key secrets, usage, subscription, invoices and billing details stay where they were.;
--> statement-breakpoint
CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "organizations" ("id", "name", "plan", "currency", "created_at", "updated_at")
SELECT u."id",
	COALESCE(NULLIF(trim(b."name"), ''), NULLIF(trim(u."first_name" || ' ' || u."last_name"), ''), u."email"),
	u."plan", u."currency", u."created_at", now()
FROM "users" u LEFT JOIN "billing_accounts" b ON b."user_id" = u."id";
--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "user_id", "role", "joined_at")
SELECT "id", "id", 'owner', "created_at" FROM "users";
--> statement-breakpoint
ALTER TABLE "account_limits" DROP CONSTRAINT "account_limits_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_test_clocks" DROP CONSTRAINT "billing_test_clocks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "quota_notices" DROP CONSTRAINT "quota_notices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_daily" DROP CONSTRAINT "usage_daily_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_hourly" DROP CONSTRAINT "usage_hourly_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_monthly" DROP CONSTRAINT "usage_monthly_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "api_keys_user_idx";
--> statement-breakpoint
DROP INDEX "checkout_sessions_user_idx";
--> statement-breakpoint
DROP INDEX "invoices_user_created_idx";
--> statement-breakpoint
DROP INDEX "projects_user_idx";
--> statement-breakpoint
DROP INDEX "subscriptions_user_idx";
--> statement-breakpoint
DROP INDEX "usage_daily_user_day_idx";
--> statement-breakpoint
ALTER TABLE "quota_notices" DROP CONSTRAINT "quota_notices_user_id_month_threshold_pk";
--> statement-breakpoint
ALTER TABLE "usage_daily" DROP CONSTRAINT "usage_daily_user_id_project_id_key_id_day_status_pk";
--> statement-breakpoint
ALTER TABLE "usage_hourly" DROP CONSTRAINT "usage_hourly_user_id_hour_project_id_key_id_status_pk";
--> statement-breakpoint
ALTER TABLE "usage_monthly" DROP CONSTRAINT "usage_monthly_user_id_month_project_id_key_id_status_pk";
--> statement-breakpoint
ALTER TABLE "account_limits" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "api_keys" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "billing_accounts" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "billing_test_clocks" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "invoices" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "projects" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "quota_notices" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "usage_daily" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "usage_hourly" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "usage_monthly" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "quota_notices" ADD CONSTRAINT "quota_notices_organization_id_month_threshold_pk" PRIMARY KEY("organization_id","month","threshold");
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organization_id_project_id_key_id_day_status_pk" PRIMARY KEY("organization_id","project_id","key_id","day","status");
--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_organization_id_hour_project_id_key_id_status_pk" PRIMARY KEY("organization_id","hour","project_id","key_id","status");
--> statement-breakpoint
ALTER TABLE "usage_monthly" ADD CONSTRAINT "usage_monthly_organization_id_month_project_id_key_id_status_pk" PRIMARY KEY("organization_id","month","project_id","key_id","status");
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
UPDATE "api_keys" SET "created_by" = "organization_id";
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_limits" ADD CONSTRAINT "account_limits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_test_clocks" ADD CONSTRAINT "billing_test_clocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quota_notices" ADD CONSTRAINT "quota_notices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "usage_monthly" ADD CONSTRAINT "usage_monthly_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_token_key" ON "organization_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "organization_invitations_org_idx" ON "organization_invitations" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "api_keys_organization_idx" ON "api_keys" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX "checkout_sessions_organization_idx" ON "checkout_sessions" USING btree ("organization_id","status");
--> statement-breakpoint
CREATE INDEX "invoices_organization_created_idx" ON "invoices" USING btree ("organization_id","created_at");
--> statement-breakpoint
CREATE INDEX "projects_organization_idx" ON "projects" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX "subscriptions_organization_idx" ON "subscriptions" USING btree ("organization_id","created_at");
--> statement-breakpoint
CREATE INDEX "usage_daily_organization_day_idx" ON "usage_daily" USING btree ("organization_id","day");
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "currency";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan";
