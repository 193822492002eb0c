// ping_p99_under_uploads_ms: GET /utils/v1/ping's latency while five uploads of the heaviest bundle we
// accept (a 4096-bit key behind PBKDF2-HMAC-SHA256 at the limit) run at once, over and over. No web
// service is authorised for their certificates, so each upload does all of the work (the derivation, the
// signing probe, the CMS for WSAA and the emulator's check of it), is refused at the authority, and the
// link stays open for the next one.
import { generateKeyPair } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { MAX_PBKDF2_ITERATIONS } from '@/lib/ar/certificates/key-derivation';
import { encryptPkcs8Pbes2, makeCsr } from '@/tests/support/pki';
import { api, expectStatus } from '@/tests/bench/http';
import { benchCuits, openLink, type Workspace } from '@/tests/bench/registrations';
import { percentile } from '@/tests/bench/validation';

export interface PingsUnderUploads {
  p99Ms: number;
  p50Ms: number;
  idleP99Ms: number;
  pings: number;
  uploads: number;
  iterations: number;
}

const UPLOADS_AT_ONCE = 5;
const PING_EVERY_MS = 10;
const PASSWORD = 'clave-del-proveedor';

export async function measurePingsUnderUploads(
  baseUrl: string,
  workspace: Workspace,
  seconds: number,
): Promise<PingsUnderUploads> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 4096 });
  const iterations = MAX_PBKDF2_ITERATIONS.sha256;
  const key = encryptPkcs8Pbes2(privateKey, PASSWORD, { pbkdf2: { prf: 'sha256', iterations } });
  // CUITs of their own, far from the registrations' (the first few hundred).
  const cuits = benchCuits(UPLOADS_AT_ONCE, 900_000);
  const uploads = await Promise.all(
    cuits.map(async (cuit, i) => {
      const alias = `bench-heavy-${i + 1}`;
      const { ref } = await openLink(baseUrl, workspace, { name: `Proveedor Pesado ${i + 1} S.A.`, cuit });
      const { certificate } = await expectStatus(
        api(`${baseUrl}/emulator/portal/certificates`, {
          body: { environment: 'sandbox', alias, csr: makeCsr({ key: privateKey, cuit, alias }).pem },
        }),
        200,
        'portal certificates',
      );
      return () => uploadOnce(baseUrl, ref, certificate, key);
    }),
  );
  for (const upload of uploads) await upload(); // untimed: code compiled, statements prepared

  const idle = await pingLatencies(baseUrl, sleep(2000));
  let stop = false;
  let done = 0;
  const loops = uploads.map(async (upload) => {
    while (!stop) {
      await upload();
      done++;
    }
  });
  const latencies = await pingLatencies(baseUrl, sleep(seconds * 1000));
  stop = true;
  await Promise.all(loops);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p99Ms: percentile(sorted, 99),
    p50Ms: percentile(sorted, 50),
    idleP99Ms: percentile(
      [...idle].sort((a, b) => a - b),
      99,
    ),
    pings: latencies.length,
    uploads: done,
    iterations,
  };
}

async function uploadOnce(baseUrl: string, ref: string, certificatePem: string, keyPem: string) {
  const form = new FormData();
  form.set('certificate', new Blob([certificatePem]), 'certificado.crt');
  form.set('key', new Blob([keyPem]), 'clave.key');
  form.set('password', PASSWORD);
  const answer = await api(`${baseUrl}/gov-ar/v1/registrations/${ref}/certificate`, { form });
  if (answer.status !== 422 || answer.body?.code !== 'service_not_authorized') {
    throw new Error(
      `heavy upload: expected 422 service_not_authorized, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
}

/** Pings one at a time every 10 ms until `until` settles; each latency counts from when the ping was due. */
async function pingLatencies(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void until.then(() => {
    settled = true;
  });
  const latencies: number[] = [];
  for (let due = performance.now(); !settled; ) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const response = await fetch(`${baseUrl}/utils/v1/ping`);
    if (!response.ok) throw new Error(`ping answered ${response.status}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - due);
    due = Math.max(due + PING_EVERY_MS, performance.now());
  }
  return latencies;
}
