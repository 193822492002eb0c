// The wizard's saved progress (PUT /gov-ar/v1/registrations/{ref}/progress): one schema for the
// server and the browser's forms, so it imports zod (and the plain step names) only.
import { z } from 'zod';
import { WIZARD_STEPS } from '@/lib/responses/gov-ar-wizard-steps';

export { PENDING_ITEMS, WIZARD_STEPS, type PendingItem, type WizardStep } from '@/lib/responses/gov-ar-wizard-steps';

export const TaxClassification = z.enum(['responsable_inscripto', 'monotributista', 'exento'], {
  error: 'choose Responsable Inscripto, Monotributista or IVA Exento',
});
export type TaxClassification = z.output<typeof TaxClassification>;

export const CompanyDataSchema = z.strictObject({
  legal_name: z
    .string({ error: 'enter the legal name (razón social)' })
    .trim()
    .min(1, 'enter the legal name (razón social)')
    .max(300, 'the legal name is at most 300 characters'),
  fiscal_address: z
    .string({ error: 'enter the fiscal address (domicilio fiscal)' })
    .trim()
    .min(3, 'enter the fiscal address (domicilio fiscal)')
    .max(300, 'the fiscal address is at most 300 characters'),
  // CLAE, the authority's activity nomenclator: six digits, as on the constancia de inscripción.
  activity_code: z
    .string({ error: 'enter the 6-digit activity code (CLAE)' })
    .trim()
    .regex(/^\d{6}$/, 'the activity code (CLAE) has 6 digits'),
  tax_classification: TaxClassification,
  // Ingresos Brutos (RG 1415 prints it on every invoice): the register does not know it, so the supplier says it.
  gross_income: z
    .string({ error: 'enter the Ingresos Brutos number' })
    .trim()
    .min(1, 'enter the Ingresos Brutos number')
    .max(40, 'the Ingresos Brutos number is at most 40 characters')
    .regex(/^[\p{L}\p{N} .\-/]+$/u, 'letters, digits, spaces, dots, hyphens and slashes only')
    .optional(),
  // Inicio de actividades (RG 1415), YYYY-MM-DD; prefilled from the register when it says.
  started_on: z.iso.date({ error: 'enter a valid date' }).optional(),
  // Where the supplier wants to hear about its registration; optional, pre-filled from the entry's emails.
  email: z
    .email({ error: 'enter a valid email address' })
    .max(254, 'the email address is at most 254 characters')
    .optional(),
});
export type CompanyData = z.output<typeof CompanyDataSchema>;

export const CertificatePath = z.enum(['generate', 'own'], { error: 'choose how to get the certificate' });
export type CertificatePath = z.output<typeof CertificatePath>;

export const ProgressBody = z.strictObject({
  step: z.enum(WIZARD_STEPS, { error: `step must be one of ${WIZARD_STEPS.join(', ')}` }),
  company: CompanyDataSchema.optional(),
  path: CertificatePath.optional(),
});
export type ProgressBody = z.output<typeof ProgressBody>;
