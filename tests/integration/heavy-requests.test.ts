// No single request holds the others: while the heaviest crypto we accept runs (uploads of a 4096-bit key
// behind the costliest key derivation allowed, the emulator signing 4096-bit requests), GET
// /utils/v1/ping keeps answering. Before, the key's derivation and signing ran on the event loop, and
// every ping waited for all of it. (The bench measures the same over HTTP: ping_p99_under_uploads_ms.)
import { beforeAll, describe, expect, it } from 'vitest';
import * as pingRoute from '@/app/utils/v1/ping/route';
import { MAX_PBKDF2_ITERATIONS } from '@/lib/ar/certificates/key-derivation';
import { call } from '@/tests/support/call';
import { portal } from '@/tests/support/emulator-client';
import { heldMs, latenciesDuring, synchronousDerivationMs } from '@/tests/support/event-loop';
import { encryptPkcs8Pbes2, makeCa, makeCsr, makeLeaf, prepareKeys, testKey } from '@/tests/support/pki';
import { openRegistration, upload, useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();
const PASSWORD = 'contraseña-de-prueba';

beforeAll(() => prepareKeys([{ slot: 'ca:sandbox' }, { slot: 'ca:live' }, { bits: 4096, slot: 'heavy' }]), 60_000);

let links = 0;
let encryptedKey: string | undefined;

/**
 * Links waiting for a certificate for the 4096-bit key, with the key encrypted at the PBKDF2 limit. The
 * service is not authorised, so each upload does all of the work (derivation, signing probe, the CMS for
 * WSAA and the emulator's check of it) and is then refused, storing nothing: the database's own time on
 * the event loop (the embedded one runs there) is not what this file measures.
 */
async function heavyUploads(count: number) {
  const key = testKey('rsa', { bits: 4096, slot: 'heavy' });
  encryptedKey ??= encryptPkcs8Pbes2(key, PASSWORD, {
    pbkdf2: { prf: 'sha256', iterations: MAX_PBKDF2_ITERATIONS.sha256 },
  });
  return Promise.all(
    Array.from({ length: count }, async () => {
      const registration = await openRegistration();
      const leaf = makeLeaf({ ca: makeCa('sandbox'), cuit: registration.cuit, alias: `pesado${++links}`, key });
      return () =>
        upload(registration.ref, { certificate: leaf.certificatePem, key: encryptedKey!, password: PASSWORD });
    }),
  );
}

const refusedByTheAuthority = (result: { status: number; body: { code: string } }) =>
  expect([result.status, result.body.code]).toEqual([422, 'service_not_authorized']);

/**
 * One upload first, unmeasured: the first request of a process compiles code and prepares the embedded
 * database's statements, which is not what this file is about either.
 */
beforeAll(async () => {
  const [send] = await heavyUploads(1);
  refusedByTheAuthority(await send!());
}, 60_000);

type Row = [string, () => Promise<() => Promise<unknown>>];

const oneAfterAnother = (count: number, prepare: () => Promise<() => Promise<unknown>>) => async () => {
  const steps = await Promise.all(Array.from({ length: count }, prepare));
  return async () => {
    for (const step of steps) await step();
  };
};
const uploadsAtOnce = (count: number) => async () => {
  const uploads = await heavyUploads(count);
  return async () => (await Promise.all(uploads.map((send) => send()))).forEach(refusedByTheAuthority);
};
const issuing = async () => {
  const request = makeCsr({
    key: testKey('rsa', { bits: 4096, slot: 'heavy' }),
    cuit: '20123456786',
    alias: 'pesado',
  }).pem;
  return async () =>
    expect(
      (await portal(emulator(), 'certificates', { environment: 'sandbox', alias: 'pesado', csr: request })).status,
    ).toBe(200);
};

const ROWS: Row[] = [
  [
    'an upload of a 4096-bit key behind PBKDF2-HMAC-SHA256 at the limit, five times',
    oneAfterAnother(5, uploadsAtOnce(1)),
  ],
  ['five such uploads at once', uploadsAtOnce(5)],
  ['the emulator issuing a certificate for a 4096-bit key, five times', oneAfterAnother(5, issuing)],
];

describe('pings are answered while heavy requests run', () => {
  it.each(ROWS)(
    '%s',
    async (_name, prepare) => {
      const work = await prepare();
      // Before, each upload held the event loop for a key derivation at the limit and more: five of them at
      // least five derivations. What one takes on this machine right now is the yardstick: all the holds
      // together (the scheduling of a shared machine included) stay under three.
      const yardstick = synchronousDerivationMs(MAX_PBKDF2_ITERATIONS.sha256);
      const latencies = await latenciesDuring(work(), async () => expect((await call(pingRoute.GET)).status).toBe(200));
      const held = heldMs(latencies);
      expect(latencies.length).toBeGreaterThan(0);
      expect(
        held,
        `pings held ${held.toFixed(0)} ms in all, against one derivation's ${yardstick.toFixed(0)} ms`,
      ).toBeLessThan(3 * yardstick);
    },
    60_000,
  );
});
