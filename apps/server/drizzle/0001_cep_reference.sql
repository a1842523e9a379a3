CREATE TABLE "cep_addresses" (
	"cep" text PRIMARY KEY NOT NULL,
	"street" text NOT NULL,
	"complement" text NOT NULL,
	"district" text NOT NULL,
	"city" text NOT NULL,
	"uf" text NOT NULL,
	"ibge" text,
	"lat" double precision,
	"lng" double precision,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cep_municipalities" (
	"ibge" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"uf" text NOT NULL,
	"ddd" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"timezone" text NOT NULL,
	"is_capital" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cep_ranges" (
	"cep_start" integer PRIMARY KEY NOT NULL,
	"cep_end" integer NOT NULL,
	"ibge" text NOT NULL,
	CONSTRAINT "cep_ranges_order" CHECK ("cep_ranges"."cep_start" <= "cep_ranges"."cep_end")
);
