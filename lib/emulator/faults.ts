// Faults set at the emulator's portal, so that clients can rehearse what the real authority does to
// them. Each takes the next `count` calls of one operation (0 clears it; a new fault replaces the old):
// refused (503), carried out with the answer lost or replaced by a proxy's 502, answered late, or, for
// the two lookups, answered from the book as it was `delay_ms` ago. `down` refuses every operation of
// the environment for `duration_ms` whatever the count (0 lifts it), and FEDummy says so.
import { z } from 'zod';
import type { Environment } from '@/lib/ar/environments';
import { EVERY_OPERATION, isDown, setFault, takeFault } from '@/lib/emulator/fault-queries';
import type { Outage } from '@/lib/emulator/outage';
import { EnvironmentSchema } from '@/lib/emulator/portal';
import type { SoapRequest } from '@/lib/emulator/soap';
import { WSFE_OPERATION_NAMES } from '@/lib/emulator/wsfe-operations';
import { WSCT_OPERATION_NAMES } from '@/lib/emulator/wsct-operation-names';
import { WSFEX_OPERATION_NAMES } from '@/lib/emulator/wsfex-operations';
import type { RecordedFault } from '@/lib/responses/emulator';

/** WSFEv1's operations, WSAA's loginCms, the register's getPersona_v2, WSFEX's and WSCT's operations. */
const FAULTABLE_OPERATIONS: [string, ...string[]] = [
  'loginCms',
  ...WSFE_OPERATION_NAMES,
  'getPersona_v2',
  ...WSFEX_OPERATION_NAMES,
  ...WSCT_OPERATION_NAMES,
];
/** The lookups a client settles a doubt with: the ones a lagging book misleads. */
const LOOKUP_OPERATIONS = [
  'FECompConsultar',
  'FECompUltimoAutorizado',
  'FECAEAConsultar',
  'FECAEASinMovimientoConsultar',
  'FEXGetCMP',
  'FEXGetLast_CMP',
] as const;
/** FEDummy, FEXDummy and WSCT's dummy are how a client asks whether a service is up: they answer while the environment is down. */
const HEALTH_OPERATIONS = ['FEDummy', 'FEXDummy', 'dummy'];
/** WSCT's request elements are the operation's name and `Request`. */
const operationOf = (soap: SoapRequest) => soap.operation.replace(/Request$/, '');

/** How many of the next calls; 0 clears the operation's fault. */
const Count = z.number().int().min(0).max(1000);
const DelayMs = z.number().int().min(1).max(120_000);
const common = { environment: EnvironmentSchema, count: Count };

export const FaultBody = z.discriminatedUnion('fault', [
  z
    .object({
      ...common,
      operation: z.enum(FAULTABLE_OPERATIONS),
      fault: z.enum(['drop_response', 'unavailable', 'error_after_commit']),
    })
    .strict(),
  z
    .object({ ...common, operation: z.enum(FAULTABLE_OPERATIONS), fault: z.literal('slow'), delay_ms: DelayMs })
    .strict(),
  z
    .object({ ...common, operation: z.enum(LOOKUP_OPERATIONS), fault: z.literal('lagging_lookup'), delay_ms: DelayMs })
    .strict(),
  z
    .object({
      ...common,
      /** Every operation is down; one named here is accepted and changes nothing. */
      operation: z.enum(FAULTABLE_OPERATIONS).optional(),
      fault: z.literal('down'),
      duration_ms: z.number().int().min(1).max(3_600_000),
    })
    .strict(),
]);

export async function recordFault(input: z.output<typeof FaultBody>): Promise<RecordedFault> {
  const operation = input.fault === 'down' ? EVERY_OPERATION : input.operation;
  await setFault({
    environment: input.environment,
    operation,
    fault: input.fault,
    count: input.count,
    delayMs: 'delay_ms' in input ? input.delay_ms : undefined,
    downUntil: input.fault === 'down' ? new Date(Date.now() + input.duration_ms) : undefined,
  });
  return { ...input, operation };
}

/** The hook a SOAP service takes: the environment's outage, or one call's share of its operation's pending fault. */
export const outageFor =
  (environment: Environment) =>
  async (soap: SoapRequest): Promise<Outage | undefined> => {
    const operation = operationOf(soap);
    if (!HEALTH_OPERATIONS.includes(operation) && (await isDown(environment, new Date()))) {
      return { fault: 'down', delayMs: 0 };
    }
    return takeFault(environment, operation);
  };
