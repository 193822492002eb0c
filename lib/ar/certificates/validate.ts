// Everything we can judge about a supplier's certificate bundle before asking the authority, in
// DESIGN.md's "Validation order": the first failure wins, so the supplier fixes one thing at a time.
import { createHash, X509Certificate, type KeyObject } from 'node:crypto';
import { normalizeCuit } from '@/lib/ar/cuit';
import type { Environment } from '@/lib/ar/environments';
import {
  CertificateError,
  type CertificateErrorCode,
  type CertificateErrorDetails,
} from '@/lib/ar/certificates/errors';
import { readUpload } from '@/lib/ar/certificates/encoding';
import {
  attributeValue,
  formatDistinguishedName,
  OID_COMMON_NAME,
  OID_SERIAL_NUMBER,
} from '@/lib/ar/certificates/distinguished-name';
import { parseCertificateFile, type ParsedCertificate } from '@/lib/ar/certificates/parse-certificate';
import { parsePrivateKey } from '@/lib/ar/certificates/parse-key';

export interface CertificateBundleInput {
  certificate?: Buffer | string;
  key?: Buffer | string;
  password?: string;
}

export interface ValidationOptions {
  environment: Environment;
  /** PEM CA certificates of each environment. */
  trustAnchors: { sandbox: string[]; live: string[] };
  /** 11 digits (hyphens and spaces are tolerated). */
  supplierCuit: string;
  now?: Date;
  /** PKCS#8 PEM of the key we generated for this registration (used when no key is uploaded). */
  generatedKeyPem?: string;
}

export interface ValidatedBundle {
  certificatePem: string;
  chainPems: string[];
  /** Unencrypted PKCS#8 PEM: keep it in memory only, seal it before storing. */
  privateKeyPem: string;
  /** The subject's CN. */
  alias: string;
  cuit: string;
  /** Lowercase hex without leading zero bytes, as `openssl x509 -serial` prints it. */
  serial: string;
  /** RFC 4514, e.g. "CN=Computadores Test, O=AFIP, C=AR". */
  issuer: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER, lowercase hex. */
  fingerprint: string;
}

/**
 * Rejects with CertificateError; any other error is a bug or a misconfigured trust anchor. The key's
 * decryption and signing probe run off the event loop.
 */
export async function validateCertificateBundle(
  input: CertificateBundleInput,
  options: ValidationOptions,
): Promise<ValidatedBundle> {
  try {
    return await checkBundle(input, options);
  } catch (error) {
    // Only here is the registration's environment known: it makes every message name the right portal.
    if (error instanceof CertificateError && !error.details.environment) {
      throw new CertificateError(error.code, { ...error.details, environment: options.environment });
    }
    throw error;
  }
}

async function checkBundle(input: CertificateBundleInput, options: ValidationOptions): Promise<ValidatedBundle> {
  const { environment } = options;
  const supplierCuit = normalizeCuit(options.supplierCuit);
  const fail = (code: CertificateErrorCode, details?: CertificateErrorDetails) => new CertificateError(code, details);

  const { leaf, chain } = parseCertificateFile(input.certificate);

  const uploadedKey = readUpload(input.key);
  const keyBytes = uploadedKey ?? readUpload(options.generatedKeyPem);
  if (!keyBytes) throw fail('key_missing');
  const generatedKey = !uploadedKey;
  const key = await parsePrivateKey(keyBytes, uploadedKey ? input.password : undefined);
  if (!matchesKey(leaf.x509, key)) throw fail('key_mismatch', { generatedKey });

  const now = options.now ?? new Date();
  if (now > leaf.notAfter) throw fail('certificate_expired');
  if (now < leaf.notBefore) throw fail('certificate_not_yet_valid');

  if (!issuedByOneOf(leaf, options.trustAnchors[environment])) {
    const otherEnvironment: Environment = environment === 'sandbox' ? 'live' : 'sandbox';
    throw fail(
      issuedByOneOf(leaf, options.trustAnchors[otherEnvironment])
        ? 'certificate_wrong_environment'
        : 'certificate_untrusted',
    );
  }

  const cuit = subjectCuit(leaf);
  if (cuit === undefined || cuit !== supplierCuit) throw fail('certificate_cuit_mismatch', { cuit: supplierCuit });

  return {
    certificatePem: leaf.pem,
    chainPems: chain.map((certificate) => certificate.pem),
    privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alias: attributeValue(leaf.subject, OID_COMMON_NAME) ?? '',
    cuit,
    serial: leaf.x509.serialNumber.toLowerCase(),
    issuer: formatDistinguishedName(leaf.issuer),
    subject: formatDistinguishedName(leaf.subject),
    notBefore: leaf.notBefore,
    notAfter: leaf.notAfter,
    fingerprint: createHash('sha256').update(leaf.der).digest('hex'),
  };
}

function matchesKey(certificate: X509Certificate, key: KeyObject): boolean {
  try {
    return certificate.checkPrivateKey(key);
  } catch {
    return false; // e.g. an EC certificate with an RSA key
  }
}

/** Issued by an anchor: its name (and key identifier, when present) match AND its signature verifies with the anchor's key. */
function issuedByOneOf(leaf: ParsedCertificate, anchorPems: readonly string[]): boolean {
  return anchorPems.some((pem) => {
    const anchor = new X509Certificate(pem); // a broken anchor is a configuration error: let it surface
    return leaf.x509.checkIssued(anchor) && leaf.x509.verify(anchor.publicKey);
  });
}

/** ARCA writes the CUIT as the subject's serialNumber, "CUIT 20123456786". */
function subjectCuit(leaf: ParsedCertificate): string | undefined {
  const match = attributeValue(leaf.subject, OID_SERIAL_NUMBER)
    ?.trim()
    .match(/^CUIT\s*([\d\s.-]+)$/i);
  const cuit = match ? normalizeCuit(match[1]!) : undefined;
  return cuit && /^\d{11}$/.test(cuit) ? cuit : undefined;
}
