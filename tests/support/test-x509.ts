// Keys, CSRs and certificates made by the tests themselves (node-forge, independent of the emulator's
// issuer): look-alike CAs, expired certificates, CSRs for the portal.
import crypto from 'node:crypto';
import forge from 'node-forge';

export interface KeyPair { privateKeyPem: string; publicKeyPem: string }
export interface TestCa { certificatePem: string; privateKeyPem: string }

export function rsaKeyPair(bits = 2048): KeyPair {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** As `openssl req -subj "/C=AR/O=<organization>/CN=<alias>/serialNumber=CUIT <cuit>"` makes it. */
export function makeCsr(keys: KeyPair, subject: { cuit?: string; alias: string; organization?: string }): string {
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  csr.setSubject([
    { shortName: 'C', value: 'AR' },
    ...(subject.organization
      // forge encodes a UTF8String value itself: pass the text, not its UTF-8 bytes.
      ? [{ shortName: 'O', value: subject.organization, valueTagClass: forge.asn1.Type.UTF8 as never }]
      : []),
    { shortName: 'CN', value: subject.alias },
    ...(subject.cuit ? [{ name: 'serialNumber', value: `CUIT ${subject.cuit}` }] : []),
  ]);
  csr.sign(forge.pki.privateKeyFromPem(keys.privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificationRequestToPem(csr);
}

export interface CertificateOptions {
  /** `[['CN', 'alias'], ['serialNumber', 'CUIT 20...']]`, in encoding order. */
  subject: [string, string][];
  publicKeyPem: string;
  issuer?: TestCa;
  /** The key that signs: the issuer's, or the subject's own for a self-signed certificate. */
  signingKeyPem: string;
  notBefore?: Date;
  notAfter?: Date;
  ca?: boolean;
}

export function makeCertificate(options: CertificateOptions): string {
  const certificate = forge.pki.createCertificate();
  certificate.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  certificate.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem);
  certificate.validity.notBefore = options.notBefore ?? new Date(Date.now() - 3_600_000);
  certificate.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const subject = options.subject.map(([name, value]) => (name === 'serialNumber' ? { name, value } : { shortName: name, value }));
  certificate.setSubject(subject);
  certificate.setIssuer(options.issuer ? forge.pki.certificateFromPem(options.issuer.certificatePem).subject.attributes : subject);
  if (options.ca) certificate.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, critical: true }]);
  certificate.sign(forge.pki.privateKeyFromPem(options.signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

/** A self-signed CA; give it the authority's name to make a look-alike. */
export function makeCa(commonName: string): TestCa {
  const keys = rsaKeyPair();
  const certificatePem = makeCertificate({
    subject: [['C', 'AR'], ['O', 'AFIP'], ['CN', commonName]],
    publicKeyPem: keys.publicKeyPem,
    signingKeyPem: keys.privateKeyPem,
    ca: true,
  });
  return { certificatePem, privateKeyPem: keys.privateKeyPem };
}

/** A leaf certificate `CN=<alias>, serialNumber=CUIT <cuit>` signed by `issuer`, with its key. */
export function makeLeaf(issuer: TestCa, subject: { cuit: string; alias: string }, validity: { notBefore?: Date; notAfter?: Date } = {}) {
  const keys = rsaKeyPair();
  const certificatePem = makeCertificate({
    subject: [['CN', subject.alias], ['serialNumber', `CUIT ${subject.cuit}`]],
    publicKeyPem: keys.publicKeyPem,
    issuer,
    signingKeyPem: issuer.privateKeyPem,
    ...validity,
  });
  return { certificatePem, privateKeyPem: keys.privateKeyPem };
}
