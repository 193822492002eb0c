-- The emulated WSCT's own book (tourism vouchers, type T): one row per authorised voucher, the request as sent.
CREATE TABLE "emulator_wsct_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number" integer NOT NULL,
	"cae" text NOT NULL,
	"cae_due" text NOT NULL,
	"comprobante" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_wsct_vouchers_number" ON "emulator_wsct_vouchers" USING btree ("environment","cuit","point_of_sale","voucher_type","number");