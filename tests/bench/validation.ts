// Local certificate validation, timed in this process: validateCertificateBundle is everything the
// upload judges before asking the authority. The bundle is what a careful supplier sends: a leaf
// from the (test) sandbox CA and its key as `openssl pkcs8 -topk8` writes it (PBES2, PBKDF2-SHA256,
// 2048 iterations, AES-256-CBC), with the password.
import { performance } from 'node:perf_hooks';
import { validateCertificateBundle } from '@/lib/ar/certificates';
import { withCheckDigit } from '@/lib/ar/cuit';
import { encryptPkcs8Native, makeCa, makeLeaf, trustAnchors } from '@/tests/support/pki';

export interface ValidationTimes {
  p50Ms: number;
  p99Ms: number;
  iterations: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function measureValidation(iterations = 200, warmup = 30): Promise<ValidationTimes> {
  const cuit = withCheckDigit('3071234567')!;
  const leaf = makeLeaf({ ca: makeCa('sandbox'), cuit, alias: 'bench-validation' });
  const password = 'contraseña de prueba';
  const input = {
    certificate: Buffer.from(leaf.certificatePem),
    key: Buffer.from(encryptPkcs8Native(leaf.privateKey, password)),
    password,
  };
  const options = { environment: 'sandbox' as const, trustAnchors: trustAnchors(), supplierCuit: cuit };
  const times: number[] = [];
  for (let i = 0; i < warmup + iterations; i++) {
    const started = performance.now();
    await validateCertificateBundle(input, options);
    if (i >= warmup) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), iterations };
}
