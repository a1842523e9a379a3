-- Decision 027: the profile's currency is the customer's billing currency (BRL or USD).
-- A subscriber's is the currency of their newest subscription (what they pay)...
UPDATE "users" SET "currency" = "newest"."currency"
FROM (
  SELECT DISTINCT ON ("user_id") "user_id", "currency" FROM "subscriptions" ORDER BY "user_id", "created_at" DESC
) AS "newest"
WHERE "newest"."user_id" = "users"."id";
--> statement-breakpoint
-- ...and any other value, which no price was ever charged in, becomes the column's default.
UPDATE "users" SET "currency" = 'BRL' WHERE "currency" NOT IN ('BRL', 'USD');
