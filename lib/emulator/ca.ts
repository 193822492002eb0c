// The emulator's two certificate authorities (sandbox and live), read from the AR_EMULATOR_*_CA_* files
// when given, else made once under DATA_DIR/emulator and shared by every process using that directory.
import 'server-only';
import crypto, { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { dataDir } from '@/lib/config';
import type { Environment } from '@/lib/ar/environments';
import { issueCertificate, type KeyedCertificate } from '@/lib/emulator/issuer';
import { processSingleton } from '@/lib/process-singleton';

export const EMULATOR_ENVIRONMENTS: readonly Environment[] = ['sandbox', 'live'];

/** The authority's real issuing CAs' names: `CN=Computadores Test, O=AFIP, C=AR` and `CN=Computadores, O=AFIP, C=AR`. */
const CA_COMMON_NAME: Record<Environment, string> = { sandbox: 'Computadores Test', live: 'Computadores' };

const ENV_PREFIX: Record<Environment, string> = { sandbox: 'AR_EMULATOR_SANDBOX_CA', live: 'AR_EMULATOR_LIVE_CA' };
const CA_YEARS = 20;

const cache = processSingleton('emulator-cas', () => new Map<string, KeyedCertificate>());

export function emulatorCa(environment: Environment): KeyedCertificate {
  const certFile = process.env[`${ENV_PREFIX[environment]}_CERT`];
  const keyFile = process.env[`${ENV_PREFIX[environment]}_KEY`];
  const configured = Boolean(certFile || keyFile);
  if (configured && !(certFile && keyFile)) {
    throw new Error(`Set both ${ENV_PREFIX[environment]}_CERT and ${ENV_PREFIX[environment]}_KEY, or neither.`);
  }
  const directory = path.join(dataDir(), 'emulator');
  const files = configured
    ? { cert: certFile!, key: keyFile! }
    : { cert: path.join(directory, `${environment}-ca.crt`), key: path.join(directory, `${environment}-ca.key`) };
  const cacheKey = `${path.resolve(files.cert)}|${path.resolve(files.key)}`;
  let ca = cache.get(cacheKey);
  if (!ca) {
    ca = configured ? readCa(files) : ensureCa(directory, files, environment);
    cache.set(cacheKey, ca);
  }
  return ca;
}

/** In emulator mode these are the only CAs a supplier's certificate may chain to. */
export function emulatorTrustAnchors(): { sandbox: string[]; live: string[] } {
  return { sandbox: [emulatorCa('sandbox').certificatePem], live: [emulatorCa('live').certificatePem] };
}

function readCa(files: { cert: string; key: string }): KeyedCertificate {
  const certificatePem = fs.readFileSync(files.cert, 'utf8');
  const privateKeyPem = fs.readFileSync(files.key, 'utf8');
  const certificate = new X509Certificate(certificatePem);
  const key = crypto.createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'rsa' || !certificate.checkPrivateKey(key)) {
    throw new Error(`The emulator CA key ${files.key} is not the RSA key of ${files.cert}.`);
  }
  return { certificatePem: certificate.toString(), privateKeyPem };
}

/**
 * Creates the key, then the certificate, each by writing a private temporary file and hard-linking it
 * into place: link() fails when the name exists, so of two processes racing exactly one wins, the other
 * reads the winner's file, and no reader ever sees a half-written one.
 */
function ensureCa(directory: string, files: { cert: string; key: string }, environment: Environment): KeyedCertificate {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(files.key)) {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    publish(files.key, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 0o600);
  }
  const privateKeyPem = fs.readFileSync(files.key, 'utf8');
  if (!fs.existsSync(files.cert)) publish(files.cert, selfSignedCa(environment, privateKeyPem), 0o644);
  return readCa(files);
}

function publish(file: string, content: string, mode: number) {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, content, { mode, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

function selfSignedCa(environment: Environment, privateKeyPem: string): string {
  const publicKeyPem = crypto.createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const notBefore = new Date(Date.now() - 24 * 3_600_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_YEARS);
  const printable = forge.asn1.Type.PRINTABLESTRING;
  return issueCertificate({
    subject: [
      { type: '2.5.4.6', value: 'AR', valueTagClass: printable },
      { type: '2.5.4.10', value: 'AFIP', valueTagClass: printable },
      { type: '2.5.4.3', value: CA_COMMON_NAME[environment], valueTagClass: printable },
    ],
    publicKeyPem,
    notBefore,
    notAfter,
    signingKeyPem: privateKeyPem,
  });
}
