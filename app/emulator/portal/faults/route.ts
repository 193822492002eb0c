import { json, withApi } from '@/lib/api/with-api';
import { emulatorOnly } from '@/lib/emulator/routes';
import { FaultBody, recordFault } from '@/lib/emulator/faults';

export const POST = emulatorOnly(withApi({
  auth: 'none',
  body: FaultBody,
  handler: async ({ body }) => json(await recordFault(body), 201),
}));
