-- The taxpayer register: our answers from the authority's constancia de inscripción kept a day
-- (taxpayer_register_answers), the platform's own WSAA ticket for it (register_tickets), and what the
-- emulator's register says of a CUIT beside its IVA condition, with its demo taxpayers (both environments).
CREATE TABLE "register_tickets" (
	"environment" text NOT NULL,
	"fingerprint" text NOT NULL,
	"sealed" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxpayer_register_answers" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"answer" jsonb,
	"fetched_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emulator_taxpayers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "emulator_taxpayers" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "emulator_taxpayers" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "emulator_taxpayers" ADD COLUMN "activities" jsonb;--> statement-breakpoint
ALTER TABLE "emulator_taxpayers" ADD COLUMN "started_on" text;--> statement-breakpoint
ALTER TABLE "emulator_taxpayers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "register_tickets_key" ON "register_tickets" USING btree ("environment","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "taxpayer_register_answers_key" ON "taxpayer_register_answers" USING btree ("environment","cuit");--> statement-breakpoint
-- The emulator's demo taxpayers: the demo supplier (a Responsable Inscripto), a Monotributista, an exento, a
-- consumidor final and an inactive CUIT; the portal may change any of them.
INSERT INTO "emulator_taxpayers" ("id", "environment", "cuit", "vat_status", "name", "kind", "address", "activities", "started_on", "active") VALUES
('00000000-0000-7000-8000-000000000001', 'sandbox', '30712345671', 'responsable_inscripto', 'Panadería La Demostración S.R.L.', 'company', '{"street": "Av. Corrientes 1234", "locality": "San Nicolás", "postal_code": "C1043AAZ", "province": "CIUDAD AUTONOMA BUENOS AIRES"}'::jsonb, '[{"code": "107121", "name": "ELABORACIÓN INDUSTRIAL DE PRODUCTOS DE PANADERÍA, EXCEPTO GALLETITAS Y BIZCOCHOS"}]'::jsonb, '2015-03-02', true),
('00000000-0000-7000-8000-000000000002', 'sandbox', '27900000001', 'monotributo', 'GÓMEZ, MARÍA LAURA', 'person', '{"street": "San Martín 450", "locality": "Rosario", "postal_code": "2000", "province": "SANTA FE"}'::jsonb, '[{"code": "620100", "name": "SERVICIOS DE CONSULTORES EN INFORMÁTICA Y SUMINISTROS DE PROGRAMAS DE INFORMÁTICA"}]'::jsonb, '2020-07-01', true),
('00000000-0000-7000-8000-000000000003', 'sandbox', '30500012346', 'exento', 'FUNDACIÓN DEMOSTRACIÓN', 'company', '{"street": "Belgrano 1450", "locality": "Córdoba", "postal_code": "5000", "province": "CORDOBA"}'::jsonb, '[{"code": "949990", "name": "SERVICIOS DE ASOCIACIONES N.C.P."}]'::jsonb, '2010-05-10', true),
('00000000-0000-7000-8000-000000000004', 'sandbox', '20400000019', 'consumidor_final', 'PÉREZ, JUAN CARLOS', 'person', '{"street": "Mitre 300", "locality": "Salta", "postal_code": "4400", "province": "SALTA"}'::jsonb, '[]'::jsonb, NULL, true),
('00000000-0000-7000-8000-000000000005', 'sandbox', '30999999987', 'responsable_inscripto', 'COMERCIAL DADA DE BAJA S.A.', 'company', '{"street": "Rivadavia 5000", "locality": "Caballito", "postal_code": "1405", "province": "CIUDAD AUTONOMA BUENOS AIRES"}'::jsonb, '[{"code": "477490", "name": "VENTA AL POR MENOR DE ARTÍCULOS NUEVOS N.C.P."}]'::jsonb, '2001-12-28', false),
('00000000-0000-7000-8000-000000000006', 'live', '30712345671', 'responsable_inscripto', 'Panadería La Demostración S.R.L.', 'company', '{"street": "Av. Corrientes 1234", "locality": "San Nicolás", "postal_code": "C1043AAZ", "province": "CIUDAD AUTONOMA BUENOS AIRES"}'::jsonb, '[{"code": "107121", "name": "ELABORACIÓN INDUSTRIAL DE PRODUCTOS DE PANADERÍA, EXCEPTO GALLETITAS Y BIZCOCHOS"}]'::jsonb, '2015-03-02', true),
('00000000-0000-7000-8000-000000000007', 'live', '27900000001', 'monotributo', 'GÓMEZ, MARÍA LAURA', 'person', '{"street": "San Martín 450", "locality": "Rosario", "postal_code": "2000", "province": "SANTA FE"}'::jsonb, '[{"code": "620100", "name": "SERVICIOS DE CONSULTORES EN INFORMÁTICA Y SUMINISTROS DE PROGRAMAS DE INFORMÁTICA"}]'::jsonb, '2020-07-01', true),
('00000000-0000-7000-8000-000000000008', 'live', '30500012346', 'exento', 'FUNDACIÓN DEMOSTRACIÓN', 'company', '{"street": "Belgrano 1450", "locality": "Córdoba", "postal_code": "5000", "province": "CORDOBA"}'::jsonb, '[{"code": "949990", "name": "SERVICIOS DE ASOCIACIONES N.C.P."}]'::jsonb, '2010-05-10', true),
('00000000-0000-7000-8000-000000000009', 'live', '20400000019', 'consumidor_final', 'PÉREZ, JUAN CARLOS', 'person', '{"street": "Mitre 300", "locality": "Salta", "postal_code": "4400", "province": "SALTA"}'::jsonb, '[]'::jsonb, NULL, true),
('00000000-0000-7000-8000-000000000010', 'live', '30999999987', 'responsable_inscripto', 'COMERCIAL DADA DE BAJA S.A.', 'company', '{"street": "Rivadavia 5000", "locality": "Caballito", "postal_code": "1405", "province": "CIUDAD AUTONOMA BUENOS AIRES"}'::jsonb, '[{"code": "477490", "name": "VENTA AL POR MENOR DE ARTÍCULOS NUEVOS N.C.P."}]'::jsonb, '2001-12-28', false)
ON CONFLICT ("environment", "cuit") DO UPDATE SET "name" = excluded."name", "kind" = excluded."kind", "address" = excluded."address", "activities" = excluded."activities", "started_on" = excluded."started_on", "active" = excluded."active";
