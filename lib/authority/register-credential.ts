// The platform's own certificate for the authority's register (ws_sr_constancia_inscripcion): the register is
// asked by the platform, never with a supplier's certificate. Against AFIP/ARCA it is the operator's, read from
// the PEM files AR_REGISTER_CERT_* / AR_REGISTER_KEY_* name (none set: the register steps aside). Against the
// emulator the platform makes its own once per process, as an operator would at WSASS: a key and CSR, the
// certificate from the emulator's portal, and the authorisation for the register's service.
import 'server-only';
import fs from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { generateKeyAndCsr } from '@/lib/ar/csr';
import type { Environment } from '@/lib/ar/environments';
import { REGISTER_SERVICE } from '@/lib/ar/register';
import { AuthorityError } from '@/lib/authority/authority-error';
import { adminToken, arAuthority, emulatorBaseUrl, registerCredentialFiles } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';

export interface RegisterCredential {
  environment: Environment;
  /** The platform's CUIT (the certificate's serialNumber), sent as `cuitRepresentada`. */
  cuit: string;
  fingerprint: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** The platform's CUIT in the emulator: a company CUIT no test or demo supplier uses. */
const EMULATOR_PLATFORM_CUIT = '30719999995';
const EMULATOR_ALIAS = 'plataforma-padron';

const credentials = processSingleton('register-credentials', () => new Map<string, Promise<RegisterCredential>>());

/** The platform's register credential for this environment; undefined when the operator configured none. */
export async function registerCredential(environment: Environment): Promise<RegisterCredential | undefined> {
  if (arAuthority() === 'emulator') {
    // Keyed by the emulator's address: a test pointing the platform at another emulator gets a new one there.
    const key = `emulator ${environment} ${emulatorBaseUrl()}`;
    return remembered(key, () => emulatorCredential(environment));
  }
  try {
    const files = registerCredentialFiles(environment);
    if (!files) return undefined;
    const stamp = [files.certificate, files.key].map((file) => `${file}@${fs.statSync(file).mtimeMs}`).join(' ');
    return await remembered(`afip ${environment} ${stamp}`, async () =>
      credentialOf(environment, fs.readFileSync(files.certificate, 'utf8'), fs.readFileSync(files.key, 'utf8')),
    );
  } catch (error) {
    // A misconfigured register is a register that cannot be asked, not a failure of whoever asked.
    throw new AuthorityError('unavailable', `The register's certificate cannot be used: ${(error as Error).message}`);
  }
}

function remembered(key: string, make: () => Promise<RegisterCredential>): Promise<RegisterCredential> {
  let credential = credentials.get(key);
  if (!credential) {
    credential = make();
    credentials.set(key, credential);
    // A failure (the emulator not up yet) is forgotten, so that the next lookup tries again.
    credential.catch(() => credentials.delete(key));
  }
  return credential;
}

function credentialOf(environment: Environment, certificatePem: string, privateKeyPem: string): RegisterCredential {
  const certificate = new X509Certificate(certificatePem);
  const cuit = /serialNumber=CUIT (\d{11})/i.exec(certificate.subject)?.[1];
  if (!cuit) throw new Error(`The register certificate for ${environment} has no serialNumber=CUIT <11 digits>.`);
  return { environment, cuit, fingerprint: certificate.fingerprint256, certificatePem, privateKeyPem };
}

async function emulatorCredential(environment: Environment): Promise<RegisterCredential> {
  const { privateKeyPem, csrPem } = await generateKeyAndCsr({
    legalName: 'Plataforma de facturación',
    alias: EMULATOR_ALIAS,
    cuit: EMULATOR_PLATFORM_CUIT,
  });
  const { certificate } = (await portal('certificates', { environment, alias: EMULATOR_ALIAS, csr: csrPem })) as {
    certificate: string;
  };
  await portal('authorizations', {
    environment,
    cuit: EMULATOR_PLATFORM_CUIT,
    alias: EMULATOR_ALIAS,
    service: REGISTER_SERVICE,
  });
  return credentialOf(environment, certificate, privateKeyPem);
}

async function portal(path: string, body: unknown): Promise<unknown> {
  const token = adminToken();
  let response: Response;
  try {
    response = await fetch(`${emulatorBaseUrl()}/emulator/portal/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new AuthorityError(
      'unavailable',
      `The emulator's portal could not be reached (${(error as Error).message}).`,
    );
  }
  if (!response.ok) {
    throw new AuthorityError('unavailable', `The emulator's portal answered ${path} with HTTP ${response.status}.`);
  }
  return response.json();
}
