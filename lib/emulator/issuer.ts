// X.509 issuance for the emulator's CAs: node-forge builds the certificate, Node signs it natively.
import crypto, { X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export interface KeyedCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

/** An RDN attribute; `valueTagClass` is the ASN.1 string type (UTF8String 12, PrintableString 19). */
export interface SubjectAttribute {
  type: string;
  value: string;
  valueTagClass?: number;
}

export interface IssueRequest {
  /** In encoding order. */
  subject: SubjectAttribute[];
  publicKeyPem: string;
  notBefore: Date;
  notAfter: Date;
  /** Omitted: a self-signed CA certificate, signed with `signingKeyPem`. */
  issuer?: KeyedCertificate;
  signingKeyPem: string;
}

/** 16 random bytes, positive (high bit clear) and without a leading zero byte, as DER integers want. */
function randomSerial(): string {
  const bytes = crypto.randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x10;
  return bytes.toString('hex');
}

export function issueCertificate(request: IssueRequest): string {
  const certificate = forge.pki.createCertificate();
  certificate.serialNumber = randomSerial();
  certificate.publicKey = forge.pki.publicKeyFromPem(request.publicKeyPem);
  certificate.validity.notBefore = request.notBefore;
  certificate.validity.notAfter = request.notAfter;
  // @types/node-forge mistypes valueTagClass as an ASN.1 class; forge itself takes the string type.
  const subject = request.subject as unknown as forge.pki.CertificateField[];
  certificate.setSubject(subject);
  const issuerCertificate = request.issuer ? forge.pki.certificateFromPem(request.issuer.certificatePem) : undefined;
  certificate.setIssuer(issuerCertificate ? issuerCertificate.subject.attributes : subject);
  const issuerKey = (issuerCertificate ?? certificate).publicKey as forge.pki.rsa.PublicKey;
  // The authority key identifier must repeat the CA's own subject key identifier (a CA given to us
  // as files may have computed it another way), or verifiers will not match the two.
  const issuerSki = issuerCertificate?.getExtension('subjectKeyIdentifier') as
    | { subjectKeyIdentifier?: string }
    | undefined;
  const authorityKeyId = issuerSki?.subjectKeyIdentifier
    ? forge.util.hexToBytes(issuerSki.subjectKeyIdentifier)
    : forge.pki.getPublicKeyFingerprint(issuerKey, { type: 'RSAPublicKey' }).getBytes();
  certificate.setExtensions(
    request.issuer
      ? [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
          { name: 'subjectKeyIdentifier' },
          { name: 'authorityKeyIdentifier', keyIdentifier: authorityKeyId },
        ]
      : [
          { name: 'basicConstraints', critical: true, cA: true },
          { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true },
          { name: 'subjectKeyIdentifier' },
        ],
  );
  signNatively(certificate, request.signingKeyPem);
  // forge writes CRLF; openssl and Node write LF.
  return forge.pki.certificateToPem(certificate).replace(/\r\n/g, '\n');
}

/** forge's cert.sign() wants a forge key and does RSA in JavaScript; this is the same steps with Node's RSA. */
function signNatively(certificate: forge.pki.Certificate, privateKeyPem: string) {
  const oid = forge.pki.oids.sha256WithRSAEncryption!;
  certificate.signatureOid = oid;
  certificate.siginfo.algorithmOid = oid;
  certificate.md = forge.md.sha256.create();
  const { getTBSCertificate } = forge.pki as unknown as {
    getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1;
  };
  const tbs = forge.asn1.toDer(getTBSCertificate(certificate)).getBytes();
  certificate.signature = crypto.sign('sha256', Buffer.from(tbs, 'binary'), privateKeyPem).toString('binary');
}

/** Whether `certificatePem` names the CA as its issuer and carries a signature the CA's key verifies. */
export function isIssuedBy(certificatePem: string, caCertificatePem: string): boolean {
  try {
    const certificate = new X509Certificate(certificatePem);
    const ca = new X509Certificate(caCertificatePem);
    return certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
  } catch {
    return false;
  }
}

export const fingerprintOf = (certificate: X509Certificate) =>
  crypto.createHash('sha256').update(certificate.raw).digest('hex');

/** The subject's attributes in encoding order, with the short names Java prints (SERIALNUMBER upper case). */
export function subjectAttributes(certificatePem: string): { name: string; value: string }[] {
  let subject: forge.pki.CertificateField[];
  try {
    subject = forge.pki.certificateFromPem(certificatePem).subject.attributes;
  } catch {
    // forge reads RSA certificates only; Node's one-attribute-per-line subject serves for the rest.
    return new X509Certificate(certificatePem).subject.split('\n').map((line) => {
      const [name = '', ...value] = line.split('=');
      return { name: name === 'serialNumber' ? 'SERIALNUMBER' : name, value: value.join('=') };
    });
  }
  return subject.map((attribute) => ({
    name: JAVA_NAMES[attribute.type ?? ''] ?? attribute.shortName ?? attribute.type ?? '?',
    value: attributeText(attribute),
  }));
}

const JAVA_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
};

/** forge reads UTF8String values as raw bytes (and encodes them itself on writing). */
export function attributeText(attribute: forge.pki.CertificateField): string {
  const value = String(attribute.value ?? '');
  if ((attribute.valueTagClass as number | undefined) !== forge.asn1.Type.UTF8) return value;
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}
