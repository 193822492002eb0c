CREATE TABLE "registration_progress" (
	"ref" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"step" text NOT NULL,
	"company" jsonb,
	"path" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_ref_meta_records_ref_fk" FOREIGN KEY ("ref") REFERENCES "public"."meta_records"("ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE no action ON UPDATE no action;