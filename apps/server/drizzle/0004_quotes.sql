CREATE TABLE "quote_daily" (
	"source" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"day" date NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"ask" double precision,
	"as_of" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_daily_source_base_quote_day_pk" PRIMARY KEY("source","base","quote","day")
);
--> statement-breakpoint
CREATE TABLE "quote_latest" (
	"source" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"bid" double precision NOT NULL,
	"ask" double precision,
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_latest_source_base_quote_pk" PRIMARY KEY("source","base","quote")
);
--> statement-breakpoint
CREATE INDEX "quote_daily_day_idx" ON "quote_daily" USING btree ("day");