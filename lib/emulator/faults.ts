// Faults set at the emulator's portal, so that clients can rehearse what the real authority does to
// them: the next `count` calls of an operation are refused (503) or carried out with their answer lost.
import { z } from 'zod';
import type { Environment } from '@/lib/db/schema';
import { setFault, takeFault } from '@/lib/emulator/invoicing-queries';
import type { Outage } from '@/lib/emulator/outage';
import { EnvironmentSchema } from '@/lib/emulator/portal';
import type { SoapRequest } from '@/lib/emulator/soap';
import { WSFE_OPERATION_NAMES } from '@/lib/emulator/wsfe-operations';
import type { RecordedFault } from '@/lib/openapi/responses/emulator';

/** WSFEv1's operations and WSAA's loginCms. */
const FAULTABLE_OPERATIONS: [string, ...string[]] = ['loginCms', ...WSFE_OPERATION_NAMES];

export const FaultBody = z
  .object({
    environment: EnvironmentSchema,
    operation: z.enum(FAULTABLE_OPERATIONS),
    fault: z.enum(['drop_response', 'unavailable']),
    /** How many of the next calls; 0 clears the operation's fault. */
    count: z.number().int().min(0).max(1000),
  })
  .strict();

export async function recordFault(input: z.output<typeof FaultBody>): Promise<RecordedFault> {
  await setFault(input.environment, input.operation, input.fault, input.count);
  return input;
}

/** The hook a SOAP service takes: one call's share of its operation's pending fault. */
export const outageFor =
  (environment: Environment) =>
  (soap: SoapRequest): Promise<Outage | undefined> =>
    takeFault(environment, soap.operation);
