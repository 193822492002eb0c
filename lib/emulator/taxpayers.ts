// The emulated register of taxpayers (the portal's view of the padrón): a CUIT's IVA condition, which
// decides the voucher classes it may issue, and the vouchers the emulated WSFEv1 authorised for it.
import { z } from 'zod';
import type { TaxpayerVatStatus } from '@/lib/db/schema';
import { CuitSchema } from '@/lib/ar/cuit';
import { getTaxpayerStatus, listVouchers, upsertTaxpayer } from '@/lib/emulator/invoicing-queries';
import { EnvironmentSchema } from '@/lib/emulator/portal';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { isoTimestamp } from '@/lib/emulator/wsfe-values';
import type { RecordedTaxpayer, TaxpayerView } from '@/lib/responses/emulator';

const VAT_STATUSES = ['responsable_inscripto', 'monotributo', 'exento'] as const satisfies readonly TaxpayerVatStatus[];

export const TaxpayerBody = z
  .object({ environment: EnvironmentSchema, cuit: CuitSchema, vat_status: z.enum(VAT_STATUSES) })
  .strict();
export const TaxpayerParams = z.object({ cuit: CuitSchema });
export const TaxpayerQuery = z.object({ environment: EnvironmentSchema }).strict();

/** The portal lists this many of a CUIT's vouchers, newest first. */
const VOUCHERS_SHOWN = 50;

export async function recordTaxpayer(input: z.output<typeof TaxpayerBody>): Promise<RecordedTaxpayer> {
  await upsertTaxpayer(input.environment, input.cuit, input.vat_status);
  return input;
}

export async function describeTaxpayer(
  environment: z.output<typeof EnvironmentSchema>,
  cuit: string,
): Promise<TaxpayerView> {
  const vouchers = await listVouchers(environment, cuit, VOUCHERS_SHOWN);
  return {
    environment,
    cuit,
    vat_status: await getTaxpayerStatus(environment, cuit),
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
