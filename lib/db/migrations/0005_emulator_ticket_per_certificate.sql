-- One ticket per certificate and service (the last one issued); older ones were already deleted at each login.
DELETE FROM "emulator_tickets" AS older USING "emulator_tickets" AS newer
  WHERE older."environment" = newer."environment" AND older."fingerprint" = newer."fingerprint" AND older."service" = newer."service"
  AND (older."expires_at", older."id") < (newer."expires_at", newer."id");--> statement-breakpoint
DROP INDEX "emulator_tickets_cert_service";--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_tickets_one_per_certificate_service" ON "emulator_tickets" USING btree ("environment","fingerprint","service");
