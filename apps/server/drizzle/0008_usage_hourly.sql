CREATE TABLE "usage_hourly" (
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "usage_hourly_user_id_hour_project_id_key_id_status_pk" PRIMARY KEY("user_id","hour","project_id","key_id","status")
);
--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_hourly_hour_idx" ON "usage_hourly" USING btree ("hour");