// Test PKI, generated per run (never real credentials): the authority's CAs for each environment and a
// look-alike, supplier certificates and CSRs, and private keys in every encoding a supplier may upload.
import {
  X509Certificate,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';

export type KeyType = 'rsa' | 'ec' | 'ed25519';
export type Environment = 'sandbox' | 'live';
export type CaKind = Environment | 'lookalike-sandbox' | 'lookalike-live';

/** The common names of the authority's CAs (O=AFIP, C=AR). */
export const CA_COMMON_NAMES: Record<Environment, string> = { sandbox: 'Computadores Test', live: 'Computadores' };

const { Class, Type } = forge.asn1;
const keys = new Map<string, KeyObject>();
const keyId = (type: KeyType, bits: number, slot: string) => `${type}:${type === 'rsa' ? bits : ''}:${slot}`;
const keyOptions = (type: KeyType, bits: number) =>
  type === 'rsa' ? ({ modulusLength: bits } as const) : type === 'ec' ? ({ namedCurve: 'P-256' } as const) : undefined;

/** A private key, made once per (type, bits, slot) per test run: RSA generation is the slow part of every fixture. */
export function testKey(
  type: KeyType = 'rsa',
  { bits = 2048, slot = 'default' }: { bits?: number; slot?: string } = {},
): KeyObject {
  const id = keyId(type, bits, slot);
  let key = keys.get(id);
  if (!key) {
    key = generateKeyPairSync(type as 'rsa', keyOptions(type, bits) as { modulusLength: number }).privateKey;
    keys.set(id, key);
  }
  return key;
}

/** The keys most suites need: the three CAs, a supplier's key and another one for mismatches. */
export const DEFAULT_KEYS = [
  { slot: 'ca:sandbox' },
  { slot: 'ca:live' },
  { slot: 'ca:lookalike-sandbox' },
  { slot: 'leaf' },
  { slot: 'other' },
];

/** Generates keys on the thread pool in parallel, e.g. in beforeAll, so later sync calls find them made. */
export async function prepareKeys(
  specs: Array<{ type?: KeyType; bits?: number; slot?: string }> = DEFAULT_KEYS,
): Promise<void> {
  await Promise.all(
    specs.map(({ type = 'rsa', bits = 2048, slot = 'default' }) => {
      const id = keyId(type, bits, slot);
      if (keys.has(id)) return undefined;
      return new Promise<void>((resolve, reject) =>
        generateKeyPair(
          type as 'rsa',
          keyOptions(type, bits) as { modulusLength: number },
          (error, _pub, privateKey) => {
            if (error) reject(error);
            else resolve(void keys.set(id, privateKey));
          },
        ),
      );
    }),
  );
}

/** A subject or issuer attribute as forge takes it: `{ shortName: 'CN', value }` or `{ name: 'serialNumber', value }`. */
export type Attribute = { shortName?: string; name?: string; value: string; valueTagClass?: number };
const utf8 = (shortName: string, value: string): Attribute => ({ shortName, value, valueTagClass: Type.UTF8 });
const printable = (name: string, value: string): Attribute => ({ name, value });

/** Positive, no leading zero byte: forge's hex, Node's and openssl's then all read the same. */
const randomSerial = () => {
  const bytes = randomBytes(16);
  bytes[0] = 0x40 | (bytes[0]! & 0x3f);
  return bytes.toString('hex');
};

const spkiDer = (key: KeyObject) => createPublicKey(key).export({ type: 'spki', format: 'der' });
const keyIdentifier = (key: KeyObject) => createHash('sha1').update(spkiDer(key)).digest();
const toBinary = (bytes: Buffer) => bytes.toString('binary');
const fromAsn1 = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
export const derToPem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END ${label}-----\n`;
/** A private key as "PRIVATE KEY" (PKCS#8) PEM. */
export const pkcs8Pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

interface CertificateSpec {
  subject: Attribute[];
  publicKey: KeyObject;
  signer: KeyObject;
  /** As attributes, or as the issuing CA's certificate encodes its subject (an ASN.1 Name, used as is). */
  issuer: Attribute[] | forge.asn1.Asn1;
  notBefore: Date;
  notAfter: Date;
  serial?: string;
  extensions: object[];
}

/** forge lays out the TBSCertificate; Node signs it (native, and it lets the SPKI be EC or Ed25519, which forge cannot encode). */
function issue(spec: CertificateSpec): Buffer {
  const cert = forge.pki.createCertificate();
  cert.serialNumber = spec.serial ?? randomSerial();
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  cert.setSubject(spec.subject as forge.pki.CertificateField[]);
  cert.setIssuer((Array.isArray(spec.issuer) ? spec.issuer : []) as forge.pki.CertificateField[]);
  cert.publicKey = forge.pki.publicKeyFromPem(
    createPublicKey(spec.signer).export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.setExtensions(spec.extensions);
  const sha256WithRsa = forge.pki.oids.sha256WithRSAEncryption!;
  (cert as unknown as { siginfo: { algorithmOid: string } }).siginfo.algorithmOid = sha256WithRsa;
  const tbs = (
    forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }
  ).getTBSCertificate(cert);
  (tbs.value as forge.asn1.Asn1[])[6] = forge.asn1.fromDer(toBinary(spkiDer(spec.publicKey))); // the real SPKI
  if (!Array.isArray(spec.issuer)) (tbs.value as forge.asn1.Asn1[])[3] = spec.issuer; // the CA's subject, byte for byte
  const tbsDer = fromAsn1(tbs);
  const algorithm = forge.asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
    forge.asn1.create(Class.UNIVERSAL, Type.OID, false, forge.asn1.oidToDer(sha256WithRsa).getBytes()),
    forge.asn1.create(Class.UNIVERSAL, Type.NULL, false, ''),
  ]);
  const signature = sign('sha256', tbsDer, spec.signer);
  return fromAsn1(
    forge.asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
      tbs,
      algorithm,
      forge.asn1.create(Class.UNIVERSAL, Type.BITSTRING, false, `\0${toBinary(signature)}`),
    ]),
  );
}

export interface TestCa {
  kind: CaKind;
  environment: Environment;
  name: string;
  certificatePem: string;
  certificateDer: Buffer;
  privateKey: KeyObject;
  keyPem: string;
}

const cas = new Map<CaKind, TestCa>();

/** The authority's CA of an environment; a look-alike has the same name and another key. One per kind per run. */
export function makeCa(kind: CaKind = 'sandbox'): TestCa {
  const cached = cas.get(kind);
  if (cached) return cached;
  const environment: Environment = kind.endsWith('live') ? 'live' : 'sandbox';
  const privateKey = testKey('rsa', { slot: `ca:${kind}` });
  const name = [printable('countryName', 'AR'), utf8('O', 'AFIP'), utf8('CN', CA_COMMON_NAMES[environment])];
  const now = Date.now();
  const certificateDer = issue({
    subject: name,
    issuer: name,
    publicKey: privateKey,
    signer: privateKey,
    notBefore: new Date(now - 365 * 86_400_000),
    notAfter: new Date(now + 10 * 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      {
        name: 'subjectKeyIdentifier',
        value: forge.asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, toBinary(keyIdentifier(privateKey))),
      },
    ],
  });
  const ca: TestCa = {
    kind,
    environment,
    name: `CN=${CA_COMMON_NAMES[environment]}, O=AFIP, C=AR`,
    certificateDer,
    certificatePem: derToPem('CERTIFICATE', certificateDer),
    privateKey,
    keyPem: pkcs8Pem(privateKey),
  };
  cas.set(kind, ca);
  return ca;
}

/** Trust anchors as the validator and the emulator take them: the real CAs of both environments. */
export const trustAnchors = () => ({
  sandbox: [makeCa('sandbox').certificatePem],
  live: [makeCa('live').certificatePem],
});

/** What makeLeaf needs of a CA: its certificate (whose subject and key identifier a leaf repeats) and its key. */
export type IssuingCa = Pick<TestCa, 'certificateDer' | 'privateKey'>;

/** A CA made elsewhere, e.g. the emulator's `{ certificatePem, privateKeyPem }`, for makeLeaf. */
export const caFromPem = ({
  certificatePem,
  privateKeyPem,
}: {
  certificatePem: string;
  privateKeyPem: string;
}): IssuingCa => ({
  certificateDer: new X509Certificate(certificatePem).raw,
  privateKey: createPrivateKey(privateKeyPem),
});

/** What a leaf repeats of its CA's certificate: the subject Name, as encoded, and the subject key identifier. */
function issuerOf(ca: IssuingCa) {
  const certificate = forge.asn1.fromDer(toBinary(ca.certificateDer));
  const tbs = (certificate.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  const name = tbs[5]!; // [0] version, serialNumber, signature, issuer, validity, subject
  const ski = forge.pki.certificateFromAsn1(certificate).getExtension('subjectKeyIdentifier') as
    | { subjectKeyIdentifier?: string }
    | undefined;
  return {
    name,
    keyIdentifier: ski?.subjectKeyIdentifier
      ? Buffer.from(ski.subjectKeyIdentifier, 'hex')
      : keyIdentifier(ca.privateKey),
  };
}

export interface LeafOptions {
  ca: IssuingCa;
  cuit: string;
  alias: string;
  bits?: number;
  keyType?: KeyType;
  key?: KeyObject;
  notBefore?: Date;
  notAfter?: Date;
  organization?: string;
  serial?: string;
  /** Subject attributes as encoded, overriding the default [serialNumber=CUIT <cuit>, CN=<alias>]. */
  subject?: Attribute[];
  /** Whether to name the CA's key identifier (real ones do); without it only the signature tells a look-alike apart. */
  authorityKeyIdentifier?: boolean;
}

export interface TestLeaf {
  certificatePem: string;
  certificateDer: Buffer;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  privateKey: KeyObject;
  keyPem: string;
  keyDer: Buffer;
  pkcs1Pem: string;
  pkcs1Der: Buffer;
}

/** A supplier's certificate as the authority issues it: RSA 2048, two years, subject serialNumber=CUIT <cuit>, CN=<alias>. */
export function makeLeaf(options: LeafOptions): TestLeaf {
  const { ca, cuit, alias, keyType = 'rsa', bits = 2048 } = options;
  const privateKey = options.key ?? testKey(keyType, { bits, slot: 'leaf' });
  const notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + 2 * 365 * 86_400_000);
  const serial = options.serial ?? randomSerial();
  const organization = options.organization ? [printable('countryName', 'AR'), utf8('O', options.organization)] : [];
  const subject = options.subject ?? [...organization, printable('serialNumber', `CUIT ${cuit}`), utf8('CN', alias)];
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ];
  const issuer = issuerOf(ca);
  if (options.authorityKeyIdentifier !== false) {
    extensions.push({ name: 'authorityKeyIdentifier', keyIdentifier: toBinary(issuer.keyIdentifier) });
  }
  const certificateDer = issue({
    subject,
    issuer: issuer.name,
    publicKey: privateKey,
    signer: ca.privateKey,
    notBefore,
    notAfter,
    serial,
    extensions,
  });
  return {
    certificatePem: derToPem('CERTIFICATE', certificateDer),
    certificateDer,
    serial,
    notBefore,
    notAfter,
    privateKey,
    keyPem: pkcs8Pem(privateKey),
    keyDer: privateKey.export({ type: 'pkcs8', format: 'der' }),
    // Getters: only RSA keys have a PKCS#1 form, and asking for one of another key is a test bug worth a throw.
    get pkcs1Pem() {
      return privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    },
    get pkcs1Der() {
      return privateKey.export({ type: 'pkcs1', format: 'der' });
    },
  };
}

export * from '@/tests/support/pki-encodings';
