CREATE TABLE "authority_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"fingerprint" text NOT NULL,
	"service" text NOT NULL,
	"secret_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"job_id" uuid,
	"environment" text NOT NULL,
	"alias" text NOT NULL,
	"cuit" text NOT NULL,
	"serial" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"fingerprint" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"key_secret_id" uuid NOT NULL,
	"password_secret_id" uuid,
	"services" jsonb NOT NULL,
	"not_before" timestamp (3) with time zone NOT NULL,
	"not_after" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "emulator_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"alias" text NOT NULL,
	"service" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_certificates" (
	"serial" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"alias" text NOT NULL,
	"cuit" text NOT NULL,
	"fingerprint" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"not_after" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emulator_certificates_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "emulator_points_of_sale" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"number" integer NOT NULL,
	"emission_type" text DEFAULT 'CAE' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"dropped_on" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"fingerprint" text NOT NULL,
	"service" text NOT NULL,
	"cuit" text NOT NULL,
	"token_hash" text NOT NULL,
	"sign_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emulator_tickets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "registration_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"alias" text NOT NULL,
	"csr_pem" text NOT NULL,
	"key_secret_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_keys_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"entry_id" uuid,
	"purpose" text NOT NULL,
	"key_id" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authority_tickets" ADD CONSTRAINT "authority_tickets_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_tickets" ADD CONSTRAINT "authority_tickets_secret_id_secrets_id_fk" FOREIGN KEY ("secret_id") REFERENCES "public"."secrets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_key_secret_id_secrets_id_fk" FOREIGN KEY ("key_secret_id") REFERENCES "public"."secrets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_password_secret_id_secrets_id_fk" FOREIGN KEY ("password_secret_id") REFERENCES "public"."secrets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_key_secret_id_secrets_id_fk" FOREIGN KEY ("key_secret_id") REFERENCES "public"."secrets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authority_tickets_cert_service" ON "authority_tickets" USING btree ("environment","fingerprint","service");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_one_active_per_entry" ON "credentials" USING btree ("entry_id") WHERE "credentials"."status" = 'active';--> statement-breakpoint
CREATE INDEX "credentials_owner_cuit" ON "credentials" USING btree ("owner_id","cuit");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_authorizations_unique" ON "emulator_authorizations" USING btree ("environment","cuit","alias","service");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_points_of_sale_unique" ON "emulator_points_of_sale" USING btree ("environment","cuit","number");--> statement-breakpoint
CREATE INDEX "emulator_tickets_cert_service" ON "emulator_tickets" USING btree ("environment","fingerprint","service");--> statement-breakpoint
CREATE INDEX "secrets_key_id" ON "secrets" USING btree ("key_id");