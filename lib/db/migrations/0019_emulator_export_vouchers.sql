-- The emulated WSFEX's book (exports, E): one voucher per request, its request Id unique per CUIT (a repeated
-- Id answers its first result) and its number unique in its sequence.
CREATE TABLE "emulator_export_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"request_id" bigint NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number" integer NOT NULL,
	"cae" text NOT NULL,
	"cae_due" text NOT NULL,
	"voucher_date" text NOT NULL,
	"processed_at" text NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_export_vouchers_request" ON "emulator_export_vouchers" USING btree ("environment","cuit","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_export_vouchers_number" ON "emulator_export_vouchers" USING btree ("environment","cuit","point_of_sale","voucher_type","number");