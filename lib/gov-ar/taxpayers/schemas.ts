// The path of GET /gov-ar/v1/taxpayers/{cuit}: any short segment; the CUIT in it is checked by the lookup
// (hyphens and spaces forgiven, check digit verified) so that a mistyped one is told apart from an unknown one.
import { z } from 'zod';
import { CuitSchema } from '@/lib/ar/cuit';
import { invalidField } from '@/lib/api/errors';

export const TaxpayerParams = z.object({ cuit: z.string().max(40) });

/** The CUIT's 11 digits, or `validation_failed` on `cuit` saying what is wrong with it. */
export function parseCuitParam(value: string): string {
  const parsed = CuitSchema.safeParse(value);
  if (!parsed.success) throw invalidField('cuit', parsed.error.issues[0]?.message ?? 'not a CUIT');
  return parsed.data;
}
