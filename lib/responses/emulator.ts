// Answers of the emulator's portal (JSON); its SOAP services answer XML, described in words.
import { z } from 'zod';
import { REGISTER_SERVICE } from '@/lib/ar/register';
import { EnvironmentName, ServiceName } from '@/lib/responses/authority';
import { listOf, Timestamp } from '@/lib/responses/common';

export const IssuedCertificate = z.strictObject({
  certificate: z.string().describe("PEM, issued by the environment's CA"),
});

export const RecordedAuthorization = z.strictObject({
  environment: EnvironmentName,
  cuit: z.string(),
  alias: z.string(),
  service: z.union([
    ServiceName,
    z.literal(REGISTER_SERVICE).describe("The register's (a platform's own certificate)"),
  ]),
});

export const RecordedRevocation = z.strictObject({
  environment: EnvironmentName,
  serial: z.string(),
  revoked_at: Timestamp,
});

export const RecordedPointOfSale = z.strictObject({
  environment: EnvironmentName,
  cuit: z.string(),
  number: z.int(),
  emission_type: z.string(),
  blocked: z.boolean(),
  dropped_on: z.iso.date().nullable(),
});

export const RecordedTaxpayer = z.strictObject({
  environment: EnvironmentName,
  cuit: z.string(),
  vat_status: z
    .enum(['responsable_inscripto', 'monotributo', 'exento', 'consumidor_final'])
    .describe(
      'Responsable Inscripto issues A and B; Monotributo and Exento issue C; a consumidor final (no IVA, no monotributo) issues none',
    ),
  name: z.string().optional().describe("The register's name (razón social, or apellido, nombre)"),
  kind: z.enum(['person', 'company']).optional(),
  address: z
    .strictObject({
      street: z.string(),
      locality: z.string().optional(),
      postal_code: z.string().optional(),
      province: z.string().optional(),
    })
    .optional()
    .describe('The domicilio fiscal'),
  activities: z.array(z.strictObject({ code: z.string(), name: z.string() })).optional(),
  started_on: z.iso.date().optional(),
  active: z.boolean().optional().describe('false: the CUIT is inactive (estadoClave INACTIVO)'),
});

const IssuedVoucher = z.strictObject({
  point_of_sale: z.int(),
  voucher_type: z.int().describe("The authority's CbteTipo (1 Factura A, 6 Factura B, 11 Factura C, ...)"),
  number: z.int(),
  number_to: z.int().describe('The last number of a B range; the same number otherwise'),
  date: z.string().describe('CbteFch, YYYY-MM-DD'),
  receiver: z.strictObject({ doc_type: z.int(), doc_number: z.string() }),
  total: z.string().describe('ImpTotal as the service writes it (121, 121.5)'),
  currency: z.string(),
  cae: z.string().regex(/^\d{14}$/),
  cae_due: z.string().describe('CAEFchVto, YYYY-MM-DD'),
  processed_at: Timestamp,
});

export const TaxpayerView = RecordedTaxpayer.extend({
  vouchers: z
    .array(IssuedVoucher)
    .describe('The vouchers the emulated WSFEv1 authorised for this CUIT, newest first (at most 50)'),
});

export const BookVoucher = z.strictObject({
  point_of_sale: z.int(),
  voucher_type: z.int().describe("The authority's CbteTipo"),
  number: z.int(),
  number_to: z.int().describe('The last number of a B range; the same number otherwise'),
  cae: z
    .string()
    .regex(/^\d{14}$/)
    .optional()
    .describe('The CAE of a voucher authorised online (FECAESolicitar); absent for one informed under a CAEA'),
  caea: z
    .string()
    .regex(/^\d{14}$/)
    .optional()
    .describe('The CAEA a voucher issued in contingency was informed under (FECAEARegInformativo)'),
  date: z.string().describe('CbteFch, YYYY-MM-DD'),
  total: z.string().describe('ImpTotal as the service writes it (121, 121.5)'),
  currency: z.string(),
  receiver: z.strictObject({ doc_type: z.int(), doc_number: z.string() }),
  service: ServiceName.describe('The web service that authorised it'),
  processed_at: Timestamp,
});

export const VoucherBook = listOf(BookVoucher).describe(
  'By point of sale, voucher type and number, ascending: each sequence whole and in order, for reconciliation',
);

export const RecordedFault = z.strictObject({
  environment: EnvironmentName,
  operation: z.string().describe('`*` for `down`: every operation of the environment'),
  fault: z.enum(['drop_response', 'unavailable', 'error_after_commit', 'slow', 'lagging_lookup', 'down']),
  count: z.int(),
  delay_ms: z.int().optional(),
  duration_ms: z.int().optional(),
});

export type IssuedCertificate = z.output<typeof IssuedCertificate>;
export type RecordedAuthorization = z.output<typeof RecordedAuthorization>;
export type RecordedRevocation = z.output<typeof RecordedRevocation>;
export type RecordedPointOfSale = z.output<typeof RecordedPointOfSale>;
export type RecordedTaxpayer = z.output<typeof RecordedTaxpayer>;
export type TaxpayerView = z.output<typeof TaxpayerView>;
export type RecordedFault = z.output<typeof RecordedFault>;
export type BookVoucher = z.output<typeof BookVoucher>;
