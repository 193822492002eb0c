-- Exports (E) through WSFEX: each send keeps the request Id it went out with (a repeated Id is answered with its
-- first result, which settles a lost answer), taken from a per-CUIT counter that never gives an Id twice.
CREATE TABLE "export_request_ids" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"last_id" bigint NOT NULL,
	CONSTRAINT "export_request_ids_environment_cuit_pk" PRIMARY KEY("environment","cuit")
);
--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD COLUMN "request_id" bigint;