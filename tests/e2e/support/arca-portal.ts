// The authority's part of a registration, done by the test through the emulator's portal API (the same
// actions a supplier does on its /emulator pages): a certificate from a CSR, a service authorisation,
// a point of sale, a revocation; and the emulator's CAs (the test PKI's), for certificates the portal
// would not issue (expired, not yet valid, EC, 1024-bit).
import fs from 'node:fs';
import path from 'node:path';
import { caFromPem, type IssuingCa } from '@/tests/support/pki';
import { E2E_BASE_URL, E2E_CA_DIR } from '@/tests/e2e/support/server';
import type { Environment } from '@/tests/e2e/support/integrator';

async function portal<T>(resource: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${E2E_BASE_URL}/emulator/portal/${resource}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`the emulator's portal refused ${resource} (${response.status}): ${text}`);
  return JSON.parse(text) as T;
}

/** «Nuevo Certificado» / «Administración de Certificados Digitales»: the certificate (PEM) for a request. */
export async function issueCertificate(environment: Environment, alias: string, csr: string): Promise<string> {
  return (await portal<{ certificate: string }>('certificates', { environment, alias, csr }, 200)).certificate;
}

/** «Crear autorización a servicio»: lets the alias use a web service for the CUIT. */
export async function authorizeService(
  environment: Environment,
  cuit: string,
  alias: string,
  service = 'wsfe',
): Promise<void> {
  await portal('authorizations', { environment, cuit, alias, service }, 201);
}

/** «A/B/M de Puntos de Venta»: a point of sale for web services. */
export async function addPointOfSale(environment: Environment, cuit: string, number: number): Promise<void> {
  await portal('points-of-sale', { environment, cuit, number }, 201);
}

/** «Revocar certificado»: the authority then answers that the certificate is revoked. */
export async function revokeCertificate(environment: Environment, certificate: string): Promise<void> {
  await portal('revocations', { environment, certificate }, 201);
}

/** The CA the server's emulator signs with (written by tests/support/e2e-web-server.ts), for makeLeaf. */
export function emulatorCa(environment: Environment): IssuingCa {
  const read = (extension: string) => fs.readFileSync(path.join(E2E_CA_DIR, `${environment}.${extension}`), 'utf8');
  return caFromPem({ certificatePem: read('crt'), privateKeyPem: read('key') });
}

/** The register's entry for a CUIT (the constancia de inscripción getPersona_v2 answers). */
export async function registerTaxpayer(environment: Environment, body: Record<string, unknown>): Promise<void> {
  await portal('taxpayers', { environment, ...body }, 201);
}
