-- Contingency (CAEA): each supplier's fortnightly CAEA as asked ahead (or why it is missing), the CAEA points of
-- sale informed as unused, and the invoice sends issued under a CAEA: their code, their states until informed, and
-- their numbers held like those of a CAE (one send per number of a sequence).
CREATE TABLE "caea_codes" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"period" integer NOT NULL,
	"half" integer NOT NULL,
	"caea" text,
	"valid_from" text,
	"valid_to" text,
	"report_by" text,
	"points_of_sale" jsonb,
	"missing_since" timestamp (3) with time zone,
	"last_error" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caea_codes_environment_cuit_period_half_pk" PRIMARY KEY("environment","cuit","period","half")
);
--> statement-breakpoint
CREATE TABLE "caea_idle_reports" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"period" integer NOT NULL,
	"half" integer NOT NULL,
	"point_of_sale" integer NOT NULL,
	"state" text NOT NULL,
	"result" jsonb,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caea_idle_reports_environment_cuit_period_half_point_of_sale_pk" PRIMARY KEY("environment","cuit","period","half","point_of_sale")
);
--> statement-breakpoint
DROP INDEX "invoice_sends_number";--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD COLUMN "caea" text;--> statement-breakpoint
CREATE INDEX "invoice_sends_to_report" ON "invoice_sends" USING btree ("sequence_id","number") WHERE "invoice_sends"."state" in ('unreported', 'reporting');--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_number" ON "invoice_sends" USING btree ("sequence_id","number") WHERE "invoice_sends"."state" in ('sending', 'authorised', 'unreported', 'reporting', 'reported', 'report_refused');