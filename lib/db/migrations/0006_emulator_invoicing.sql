CREATE TABLE "emulator_faults" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"operation" text NOT NULL,
	"fault" text NOT NULL,
	"remaining" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_taxpayers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"vat_status" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_voucher_sequences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"last_date" text
);
--> statement-breakpoint
CREATE TABLE "emulator_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number_from" integer NOT NULL,
	"number_to" integer NOT NULL,
	"cae" text NOT NULL,
	"cae_due" text NOT NULL,
	"processed_at" text NOT NULL,
	"detail" jsonb NOT NULL,
	"observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_faults_unique" ON "emulator_faults" USING btree ("environment","operation");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_taxpayers_unique" ON "emulator_taxpayers" USING btree ("environment","cuit");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_voucher_sequences_unique" ON "emulator_voucher_sequences" USING btree ("environment","cuit","point_of_sale","voucher_type");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_vouchers_number" ON "emulator_vouchers" USING btree ("environment","cuit","point_of_sale","voucher_type","number_from");--> statement-breakpoint
CREATE INDEX "emulator_vouchers_newest" ON "emulator_vouchers" USING btree ("environment","cuit","created_at");