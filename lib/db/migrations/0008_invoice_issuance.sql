CREATE TABLE "invoice_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"state" text NOT NULL,
	"number" integer,
	"detail" jsonb NOT NULL,
	"issue_date" text NOT NULL,
	"result" jsonb,
	"queued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"doc_type" integer NOT NULL,
	"last_number" integer,
	"last_date" text,
	"lease_owner" uuid,
	"lease_until" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_sequence_id_invoice_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."invoice_sequences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_job" ON "invoice_sends" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_number" ON "invoice_sends" USING btree ("sequence_id","number") WHERE "invoice_sends"."state" in ('sending', 'authorised');--> statement-breakpoint
CREATE INDEX "invoice_sends_sequence_state" ON "invoice_sends" USING btree ("sequence_id","state","issue_date","queued_at");--> statement-breakpoint
CREATE INDEX "invoice_sends_entry" ON "invoice_sends" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sequences_key" ON "invoice_sequences" USING btree ("environment","cuit","point_of_sale","doc_type");