import { json, withApi } from '@/lib/api/with-api';
import { emulatorOnly } from '@/lib/emulator/routes';
import { TaxpayerBody, recordTaxpayer } from '@/lib/emulator/taxpayers';

export const POST = emulatorOnly(withApi({
  auth: 'none',
  body: TaxpayerBody,
  handler: async ({ body }) => json(await recordTaxpayer(body), 201),
}));
