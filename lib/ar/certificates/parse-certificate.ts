// Reads the certificate upload: one certificate (PEM or DER) or a PEM file with the leaf and its chain,
// telling a certificate request (CSR) apart from garbage so the supplier gets the right advice. At most
// ten certificates are read from one file.
import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError } from '@/lib/ar/certificates/errors';
import { children, decodeUpload, derToAsn1, isUniversal, readUpload, toPem } from '@/lib/ar/certificates/encoding';
import { readDistinguishedName, type DistinguishedName } from '@/lib/ar/certificates/distinguished-name';

export interface ParsedCertificate {
  x509: X509Certificate;
  der: Buffer;
  pem: string;
  issuer: DistinguishedName;
  subject: DistinguishedName;
  notBefore: Date;
  notAfter: Date;
}

export interface CertificateFile {
  leaf: ParsedCertificate;
  chain: ParsedCertificate[];
}

const CERTIFICATE_LABELS = new Set(['CERTIFICATE', 'X509 CERTIFICATE']);
/** A leaf and its chain are two or three; each more is parsed and compared with every other one. */
const MAX_CERTIFICATES_PER_FILE = 10;
const REQUEST_LABELS = new Set(['CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST']);
const { Class, Type } = forge.asn1;

/** Node (OpenSSL) decides whether it is a certificate; forge reads the names and dates exactly as encoded. */
function readCertificate(der: Buffer): ParsedCertificate | undefined {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch {
    return undefined;
  }
  const tbs = children(derToAsn1(der))[0];
  const fields = children(tbs);
  // The version is an optional [0]; every field after it shifts by one when present.
  const at = fields[0]?.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0;
  const [notBefore, notAfter] = children(fields[at + 3]).map(readTime);
  if (!notBefore || !notAfter) return undefined;
  return {
    x509,
    der,
    pem: toPem('CERTIFICATE', der),
    issuer: readDistinguishedName(fields[at + 2]),
    subject: readDistinguishedName(fields[at + 4]),
    notBefore,
    notAfter,
  };
}

function readTime(node: forge.asn1.Asn1): Date | undefined {
  if (typeof node.value !== 'string') return undefined;
  try {
    if (isUniversal(node, Type.UTCTIME)) return forge.asn1.utcTimeToDate(node.value);
    if (isUniversal(node, Type.GENERALIZEDTIME)) return forge.asn1.generalizedTimeToDate(node.value);
  } catch {
    // fall through: an unreadable date makes the certificate unreadable
  }
  return undefined;
}

/** PKCS#10: SEQUENCE { SEQUENCE { INTEGER version, Name, SubjectPublicKeyInfo, [0] attributes }, alg, sig }. */
function isCertificationRequest(der: Buffer): boolean {
  const [info, algorithm, signature] = children(derToAsn1(der));
  const [version, subject, publicKey, attributes] = children(info);
  return (
    isUniversal(algorithm, Type.SEQUENCE) &&
    isUniversal(signature, Type.BITSTRING) &&
    isUniversal(version, Type.INTEGER) &&
    isUniversal(subject, Type.SEQUENCE) &&
    isUniversal(publicKey, Type.SEQUENCE) &&
    (attributes === undefined || (attributes.tagClass === Class.CONTEXT_SPECIFIC && attributes.type === 0))
  );
}

export function parseCertificateFile(input: Buffer | string | undefined): CertificateFile {
  const bytes = readUpload(input);
  if (!bytes) throw new CertificateError('certificate_missing');
  const decoded = decodeUpload(bytes);
  let ders: Buffer[];
  if (decoded.kind === 'pem') {
    ders = decoded.blocks.filter((b) => CERTIFICATE_LABELS.has(b.label)).map((b) => b.der);
    if (ders.length > MAX_CERTIFICATES_PER_FILE)
      throw new CertificateError('certificate_unreadable', { reason: 'too_many_certificates' });
    if (ders.length === 0) {
      const isRequest = decoded.blocks.some((b) => REQUEST_LABELS.has(b.label) || isCertificationRequest(b.der));
      throw new CertificateError(isRequest ? 'certificate_is_request' : 'certificate_unreadable');
    }
  } else {
    ders = [decoded.der];
  }
  const certificates = uniqueByDer(ders).map((der) => {
    const certificate = readCertificate(der);
    if (certificate) return certificate;
    throw new CertificateError(isCertificationRequest(der) ? 'certificate_is_request' : 'certificate_unreadable');
  });
  const leaf = pickLeaf(certificates);
  return { leaf, chain: certificates.filter((c) => c !== leaf) };
}

function uniqueByDer(ders: Buffer[]): Buffer[] {
  return ders.filter((der, i) => ders.findIndex((other) => other.equals(der)) === i);
}

/** The leaf issued none of the others; among several such, the one that is not a CA; else the first. */
function pickLeaf(certificates: ParsedCertificate[]): ParsedCertificate {
  const issuesAnother = (c: ParsedCertificate) => certificates.some((o) => o !== c && o.x509.checkIssued(c.x509));
  const ends = certificates.filter((c) => !issuesAnother(c));
  return ends.find((c) => !c.x509.ca) ?? ends[0] ?? certificates.find((c) => !c.x509.ca) ?? certificates[0]!;
}
