// Answers of gov-ar/v1, the wizard's service: the registration view, the request we make, the saved
// progress, the registered certificate and the points of sale.
import { z } from 'zod';
import { INVOICE_LETTERS } from '@/lib/ar/services';
import { PENDING_ITEMS, ProgressBody } from '@/lib/responses/gov-ar-progress';
import { ENTRY_STATUSES } from '@/lib/db/schema';
import { EnvironmentName, ServiceName } from '@/lib/responses/authority';
import { Timestamp } from '@/lib/responses/common';

const EntryStatus = z.enum(ENTRY_STATUSES);

export const CertificateRequest = z.strictObject({
  alias: z.string().describe('The alias to give the certificate in the portal'),
  csr: z.string().describe('PKCS#10 request, PEM; its key stays sealed on the server'),
});

/** What was saved, as answered; `company` and `path` appear once saved. */
export const Progress = ProgressBody.extend({ updated_at: Timestamp.optional() });

export const SavedProgress = z.strictObject({ progress: Progress });

export const RegistrationView = z.strictObject({
  ref: z.string(),
  environment: EnvironmentName,
  supplier: z.strictObject({
    name: z.string(),
    tax_id: z.strictObject({ country: z.literal('AR'), code: z.string().describe('CUIT, 11 digits') }),
  }),
  status: EntryStatus,
  step: Progress.shape.step,
  progress: Progress,
  pending: z
    .array(z.enum(PENDING_ITEMS))
    .describe(
      "What the supplier still owes, by what the server has seen done (as the entry's gov-ar/registration record)",
    ),
  prefill: z
    .strictObject({
      legal_name: z.string(),
      fiscal_address: z.string().optional(),
      email: z.string().optional(),
      activity_code: z.string().optional().describe('The main activity (CLAE), from the register'),
      tax_classification: z.enum(['responsable_inscripto', 'monotributista', 'exento']).optional(),
      started_on: z.iso.date().optional().describe('Inicio de actividades, from the register'),
      source: z
        .literal('register')
        .optional()
        .describe("Present when the values come from the authority's register (constancia de inscripción)"),
    })
    .describe(
      "The company step's starting values: from the authority's register when it answers for the CUIT (`source: \"register\"`: name, domicilio fiscal, activity, IVA condition, start), else from the supplier entry's GOBL party (name, first address); the email is the entry's",
    ),
  services: z.array(ServiceName).describe('The web services the supplier must authorize'),
  renewal: z.boolean().describe('The supplier already had a certificate: this registration replaces it'),
  authorized_services: z
    .array(ServiceName)
    .describe(
      "Renewal: the services the request's alias is already authorized for (the current certificate's alias is kept, and its authorizations with it); the supplier authorizes only the others",
    ),
  allowed_origins: z.array(z.string()).describe('Where the wizard may be embedded, and post its messages'),
  portal_record: z
    .strictObject({
      certificate_issued: z.boolean().describe("The portal issued a certificate for this link's request"),
      authorized_services: z.array(ServiceName).describe("The services the request's alias is authorized for"),
    })
    .optional()
    .describe(
      "What the authority's portal already holds for this link's request, before any upload: present only when the service can ask the portal (its built-in emulator); nothing is held before a request is made (POST .../csr). ARCA's own portal offers no way to ask: there the upload is the first proof",
    ),
  csr: CertificateRequest.optional().describe('The request made before for this link (POST .../csr)'),
  current_certificate: z
    .strictObject({
      alias: z.string(),
      serial: z.string(),
      not_after: Timestamp,
      services: z.array(ServiceName).describe('The services it was authorized for'),
    })
    .optional(),
});

export const RegisteredCertificate = z.strictObject({
  status: EntryStatus.describe('Registered once the job has finished'),
  certificate: z.strictObject({
    id: z.uuid(),
    alias: z.string(),
    cuit: z.string(),
    serial: z.string(),
    issuer: z.string(),
    not_before: Timestamp,
    not_after: Timestamp,
    services: z.array(ServiceName),
  }),
});

/** The `value` of a supplier entry's `gov-ar`/`certificate` meta record: the certificate in use now, nothing secret. */
export const CertificateRecord = z.strictObject({
  alias: z.string(),
  cuit: z.string(),
  serial: z.string(),
  issuer: z.string(),
  environment: EnvironmentName,
  not_before: Timestamp,
  not_after: Timestamp,
  services: z.array(ServiceName),
  state: z
    .enum(['valid', 'expiring', 'expired'])
    .describe('expiring within 30 days of not_after; kept current by a daily sweep'),
});

export const PointsOfSale = z.strictObject({
  environment: EnvironmentName,
  any_number_allowed: z.boolean().describe('Sandbox: any number may be used; live: only those listed'),
  list: z.array(
    z.strictObject({
      number: z.int().min(1).max(99_999),
      emission_type: z.string().describe("The authority's EmisionTipo, e.g. CAE"),
      blocked: z.boolean(),
      dropped_on: z.iso.date().nullable().describe('When it was dropped (FchBaja), or null'),
    }),
  ),
});

const RegisterAddress = z.strictObject({
  street: z.string().describe('Calle y número (dirección)'),
  locality: z.string().optional(),
  postal_code: z.string().optional(),
  province: z.string().optional(),
});

export const Taxpayer = z.strictObject({
  cuit: z.string().describe('CUIT, 11 digits'),
  name: z.string().describe('Razón social, or "apellido, nombre" of a person'),
  kind: z.enum(['person', 'company']).describe('tipoPersona FISICA or JURIDICA'),
  active: z.boolean().describe('estadoClave ACTIVO'),
  vat_status: z
    .strictObject({
      code: z.union([z.literal(1), z.literal(4), z.literal(5), z.literal(6), z.literal(15)]),
      name: z.string(),
    })
    .describe(
      "The IVA condition the register implies, as RG 5616's CondicionIVAReceptorId (1 Responsable Inscripto, 4 Exento, 5 Consumidor Final, 6 Monotributo, 15 IVA No Alcanzado): send it as the customer's `ar-arca-vat-status`",
    ),
  address: RegisterAddress.nullable().describe('The domicilio fiscal, or null when the register has none'),
  activities: z.array(z.strictObject({ code: z.string().describe('CLAE, 6 digits'), name: z.string() })),
  started_on: z.iso.date().optional().describe("The company's contrato social, when the register gives it"),
  warnings: z.array(z.string()).optional().describe("The register's own remarks on the entry (errorConstancia)"),
});

export type Taxpayer = z.output<typeof Taxpayer>;
export type CertificateRequest = z.output<typeof CertificateRequest>;
export type Progress = z.output<typeof Progress>;
export type SavedProgress = z.output<typeof SavedProgress>;
export type RegistrationView = z.output<typeof RegistrationView>;
export type RegisteredCertificate = z.output<typeof RegisteredCertificate>;
export type PointsOfSale = z.output<typeof PointsOfSale>;
export type CertificateRecord = z.output<typeof CertificateRecord>;

/** The registration template's own fields of a presented workflow; an ar-invoice workflow has none. */
export const RegistrationWorkflowFields = {
  invoice_types: z
    .array(z.enum(INVOICE_LETTERS))
    .optional()
    .describe('Registration workflows: the invoice letters the supplier will issue'),
  services: z
    .array(ServiceName)
    .optional()
    .describe('Registration workflows: the web services a supplier must authorize, from invoice_types'),
  allowed_origins: z
    .array(z.string())
    .optional()
    .describe('Registration workflows: sites that may embed the wizard in an iframe'),
};
type RegistrationWorkflowFields = z.output<z.ZodObject<typeof RegistrationWorkflowFields>>;

/** The invoice template's own field of a presented workflow. */
export const InvoiceWorkflowFields = {
  check_customer: z
    .boolean()
    .optional()
    .describe(
      "Invoice workflows: a stored invoice's customer CUIT is checked against the authority's register (active, an IVA condition that fits the letter)",
    ),
  contingency: z
    .enum(['caea'])
    .optional()
    .describe(
      "Invoice workflows: `caea` issues an invoice under the supplier's CAEA of the fortnight, on its CAEA point of sale, when WSFEv1 refuses or does not answer within `patience_seconds`; it is reported to the authority when it answers again",
    ),
  patience_seconds: z
    .number()
    .int()
    .optional()
    .describe(
      'Invoice workflows in contingency: how long an invoice waits for WSFEv1 before it is issued under the CAEA (default 30)',
    ),
};
type InvoiceWorkflowFields = z.output<z.ZodObject<typeof InvoiceWorkflowFields>>;

declare module '@/lib/responses/transform' {
  interface TemplateWorkflowFields extends RegistrationWorkflowFields, InvoiceWorkflowFields {}
}
