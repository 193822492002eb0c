// The emulator's faults, chosen by chance and set at its portal while invoices are issued: on the operations
// a sender's one-way door depends on (each service's request for a CAE, and the two look-ups that settle a
// doubt: WSFEv1's, WSFEX's and WSCT's; the report of vouchers issued under a CAEA), every kind of fault, and now
// and then the whole environment down; and one outage long enough for contingency.
import { api, expectStatus } from '@/tests/bench/http';
import type { Chance } from '@/tests/chaos/random';

export const FAULT_KINDS = [
  'drop_response',
  'unavailable',
  'error_after_commit',
  'slow',
  'lagging_lookup',
  'down',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const ISSUING_OPERATIONS = [
  'FECAESolicitar',
  'FECompConsultar',
  'FECompUltimoAutorizado',
  'FEXAuthorize',
  'FEXGetCMP',
  'FEXGetLast_CMP',
  'autorizarComprobante',
  'consultarComprobanteTipoPVentaNro',
  'consultarUltimoComprobanteAutorizado',
  // Contingency: informing vouchers issued under the CAEA (and a point of sale left unused).
  'FECAEARegInformativo',
  'FECAEASinMovimientoInformar',
] as const;
/** The look-ups the emulator can show lagging behind its book. */
const LOOKUPS = ['FECompConsultar', 'FECompUltimoAutorizado', 'FEXGetCMP', 'FEXGetLast_CMP'] as const;
const ENVIRONMENT = 'sandbox';

export type FaultBody = { environment: string; fault: FaultKind; count: number } & Record<string, unknown>;

/** One fault as the portal takes it. `slow` reaches past our clients' 3 s time limit about half the time. */
export function chooseFault(chance: Chance): FaultBody {
  const fault = chance.pick(FAULT_KINDS);
  const count = chance.int(1, 4);
  switch (fault) {
    case 'down':
      return { environment: ENVIRONMENT, fault, count, duration_ms: chance.int(1_000, 4_000) };
    case 'lagging_lookup':
      return {
        environment: ENVIRONMENT,
        fault,
        count,
        operation: chance.pick(LOOKUPS),
        delay_ms: chance.int(2_000, 15_000),
      };
    case 'slow':
      return {
        environment: ENVIRONMENT,
        fault,
        count,
        operation: chance.pick(ISSUING_OPERATIONS),
        delay_ms: chance.int(500, 6_000),
      };
    default:
      return { environment: ENVIRONMENT, fault, count, operation: chance.pick(ISSUING_OPERATIONS) };
  }
}

/** The authority down for `seconds`: long enough that queued invoices outlast their patience. */
export const outage = (seconds: number): FaultBody => ({
  environment: ENVIRONMENT,
  fault: 'down',
  count: 1,
  duration_ms: seconds * 1000,
});

export async function injectFault(emulatorUrl: string, body: FaultBody): Promise<void> {
  await expectStatus(api(`${emulatorUrl}/emulator/portal/faults`, { body }), 201, `fault ${body.fault}`);
}

/** Every operation's pending fault cleared and the environment up again. */
export async function clearFaults(emulatorUrl: string): Promise<void> {
  for (const operation of ISSUING_OPERATIONS) {
    await injectFault(emulatorUrl, { environment: ENVIRONMENT, operation, fault: 'unavailable', count: 0 });
  }
  await injectFault(emulatorUrl, { environment: ENVIRONMENT, fault: 'down', count: 0, duration_ms: 1 });
}
