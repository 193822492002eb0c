// The emulated register of taxpayers (the portal's view of the padrón): a CUIT's IVA condition, which
// decides the voucher classes it may issue, what the constancia de inscripción says of it (name, domicilio
// fiscal, activities, start, whether the CUIT is active: register-service.ts answers getPersona_v2 with it),
// and the vouchers the emulated WSFEv1 authorised for it.
import { z } from 'zod';
import type { TaxpayerVatStatus } from '@/lib/db/schema';
import { CuitSchema } from '@/lib/ar/cuit';
import { getTaxpayerRow, listVouchers, upsertTaxpayer } from '@/lib/emulator/invoicing-queries';
import { EnvironmentSchema } from '@/lib/emulator/portal';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { isoTimestamp } from '@/lib/emulator/wsfe-values';
import type { RecordedTaxpayer, TaxpayerView } from '@/lib/responses/emulator';

const VAT_STATUSES = [
  'responsable_inscripto',
  'monotributo',
  'exento',
  'consumidor_final',
] as const satisfies readonly TaxpayerVatStatus[];

const AddressBody = z.strictObject({
  street: z.string().trim().min(1).max(200),
  locality: z.string().trim().min(1).max(100).optional(),
  postal_code: z.string().trim().min(1).max(10).optional(),
  province: z.string().trim().min(1).max(100).optional(),
});

export const TaxpayerBody = z
  .object({
    environment: EnvironmentSchema,
    cuit: CuitSchema,
    vat_status: z.enum(VAT_STATUSES).default('responsable_inscripto'),
    name: z.string().trim().min(1).max(200).optional(),
    kind: z.enum(['person', 'company']).optional(),
    // The domicilio fiscal: its parts, or one line (its street).
    address: z
      .union([
        AddressBody,
        z
          .string()
          .trim()
          .min(1)
          .max(200)
          .transform((street) => ({ street })),
      ])
      .optional(),
    activities: z
      .array(
        z.strictObject({
          code: z.string().regex(/^\d{6}$/, 'six digits (CLAE)'),
          name: z.string().trim().min(1).max(250),
        }),
      )
      .max(20)
      .optional(),
    started_on: z.iso.date().optional(),
    active: z.boolean().optional(),
  })
  .strict();
export const TaxpayerParams = z.object({ cuit: CuitSchema });
export const TaxpayerQuery = z.object({ environment: EnvironmentSchema }).strict();

/** The portal lists this many of a CUIT's vouchers, newest first. */
const VOUCHERS_SHOWN = 50;

/** People's CUITs start 20, 23, 24 or 27; companies' 30, 33 or 34. */
const kindOf = (cuit: string) => (/^(20|23|24|27)/.test(cuit) ? 'person' : 'company');

export async function recordTaxpayer(input: z.output<typeof TaxpayerBody>): Promise<RecordedTaxpayer> {
  await upsertTaxpayer(input.environment, input.cuit, input.vat_status, {
    name: input.name,
    kind: input.kind ?? (input.name ? kindOf(input.cuit) : undefined),
    address: input.address,
    activities: input.activities,
    startedOn: input.started_on,
    active: input.active,
  });
  return registerView(input.environment, input.cuit);
}

async function registerView(environment: z.output<typeof EnvironmentSchema>, cuit: string): Promise<RecordedTaxpayer> {
  const row = await getTaxpayerRow(environment, cuit);
  return {
    environment,
    cuit,
    vat_status: row?.vatStatus ?? 'responsable_inscripto',
    ...(row?.name ? { name: row.name } : {}),
    ...(row?.kind ? { kind: row.kind } : {}),
    ...(row?.address ? { address: row.address } : {}),
    ...(row?.activities ? { activities: row.activities } : {}),
    ...(row?.startedOn ? { started_on: row.startedOn } : {}),
    ...(row ? { active: row.active } : {}),
  };
}

export async function describeTaxpayer(
  environment: z.output<typeof EnvironmentSchema>,
  cuit: string,
): Promise<TaxpayerView> {
  const vouchers = await listVouchers(environment, cuit, VOUCHERS_SHOWN);
  return {
    ...(await registerView(environment, cuit)),
    vouchers: vouchers.map((voucher) => ({
      point_of_sale: voucher.pointOfSale,
      voucher_type: voucher.voucherType,
      number: voucher.numberFrom,
      number_to: voucher.numberTo,
      date: isoDate(voucher.detail.CbteFch ?? ''),
      receiver: { doc_type: Number(voucher.detail.DocTipo), doc_number: voucher.detail.DocNro ?? '' },
      total: voucher.detail.ImpTotal ?? '0',
      currency: voucher.detail.MonId ?? '',
      cae: voucher.cae,
      cae_due: isoDate(voucher.caeDue),
      processed_at: isoTimestamp(voucher.processedAt),
    })),
  };
}
