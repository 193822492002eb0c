-- The emulated WSFEv1's CAEA: the CAEAs it granted (one per environment, CUIT, period and half; the code unique
-- in its environment), the points of sale informed as unused under one, and its book of vouchers telling those
-- authorised online (CAE) from those informed under a CAEA, with when a contingency voucher was made.
CREATE TABLE "emulator_caea_idle_points" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"caea" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"processed_on" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_caeas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"period" integer NOT NULL,
	"half" integer NOT NULL,
	"caea" text NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text NOT NULL,
	"report_by" text NOT NULL,
	"processed_at" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emulator_vouchers" ADD COLUMN "emission" text DEFAULT 'CAE' NOT NULL;--> statement-breakpoint
ALTER TABLE "emulator_vouchers" ADD COLUMN "generated_at" text;--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_caea_idle_points_unique" ON "emulator_caea_idle_points" USING btree ("environment","caea","point_of_sale");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_caeas_fortnight" ON "emulator_caeas" USING btree ("environment","cuit","period","half");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_caeas_code" ON "emulator_caeas" USING btree ("environment","caea");