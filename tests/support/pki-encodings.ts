// The shapes a supplier's files arrive in: private keys encrypted every way OpenSSL and other tools do it,
// DER forms, CSRs as openssl req makes them, and text mangled by editors (BOM, CRLF).
import {
  createCipheriv,
  createPublicKey,
  pbkdf2Sync,
  randomBytes,
  scryptSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';

export type Prf = 'sha1' | 'sha256' | 'sha384' | 'sha512';
export type PbeCipher = 'aes128' | 'aes192' | 'aes256' | '3des' | 'des';

export interface Pkcs8Encryption {
  /** PBKDF2's HMAC; forge writes hmacWithSHA1 implicitly (no PRF field), as OpenSSL 1.x did. */
  prf?: Prf;
  /** 'des' is PBES2 with single DES, which OpenSSL 3 only reads with its legacy provider; '3des' is PKCS#12 PBE. */
  cipher?: PbeCipher;
  iterations?: number;
}

const forgeRsaKey = (key: KeyObject) =>
  forge.pki.privateKeyFromPem(key.export({ type: 'pkcs1', format: 'pem' }).toString());

function encryptedPrivateKeyInfo(key: KeyObject, password: string, options: Pkcs8Encryption): forge.asn1.Asn1 {
  const { prf = 'sha256', cipher = 'aes256', iterations = 2048 } = options;
  const info = forge.asn1.fromDer(key.export({ type: 'pkcs8', format: 'der' }).toString('binary'));
  // PBES2 derives from UTF-8 bytes (forge takes a binary string); PKCS#12 PBE from the JS string's UCS-2 units.
  const secret = cipher === '3des' ? password : forge.util.encodeUtf8(password);
  return forge.pki.encryptPrivateKeyInfo(info, secret, {
    algorithm: cipher,
    prfAlgorithm: prf,
    count: iterations,
  } as forge.pki.EncryptionOptions);
}

/** "ENCRYPTED PRIVATE KEY" made by forge, so the PRF and cipher can be chosen. */
export function encryptPkcs8(key: KeyObject, password: string, options: Pkcs8Encryption = {}): string {
  return forge.pki.encryptedPrivateKeyToPem(encryptedPrivateKeyInfo(key, password, options));
}

export function encryptPkcs8Der(key: KeyObject, password: string, options: Pkcs8Encryption = {}): Buffer {
  return Buffer.from(forge.asn1.toDer(encryptedPrivateKeyInfo(key, password, options)).getBytes(), 'binary');
}

/** "ENCRYPTED PRIVATE KEY" as OpenSSL 3 writes it (`openssl pkcs8 -topk8`): PBES2, hmacWithSHA256. */
export function encryptPkcs8Native(key: KeyObject, password: string, cipher = 'aes-256-cbc'): string {
  return key.export({ type: 'pkcs8', format: 'pem', cipher, passphrase: password }).toString();
}

/** PBES2's key derivation, for the cost limits: PBKDF2 with any HMAC and iteration count, or scrypt. */
export type Pbes2Kdf = { pbkdf2: { prf: Prf; iterations: number } } | { scrypt: { N: number; r: number; p: number } };

const OIDS = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  scrypt: '1.3.6.1.4.1.11591.4.11',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  hmac: {
    sha1: '1.2.840.113549.2.7',
    sha256: '1.2.840.113549.2.9',
    sha384: '1.2.840.113549.2.10',
    sha512: '1.2.840.113549.2.11',
  } as Record<Prf, string>,
};

/**
 * "ENCRYPTED PRIVATE KEY" (PBES2, AES-256-CBC) with the derivation's cost chosen, derived natively: node-forge would
 * take seconds for the iteration counts near the limit, and Node's export always writes 2048.
 */
export function encryptPkcs8Pbes2(key: KeyObject, password: string, kdf: Pbes2Kdf): string {
  const { create, Class, Type } = forge.asn1;
  const seq = (...items: forge.asn1.Asn1[]) => create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
  const oid = (value: string) => create(Class.UNIVERSAL, Type.OID, false, forge.asn1.oidToDer(value).getBytes());
  const int = (value: number) =>
    create(Class.UNIVERSAL, Type.INTEGER, false, forge.asn1.integerToDer(value).getBytes());
  const octets = (bytes: Buffer) => create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString('binary'));
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const secret = Buffer.from(password, 'utf8');
  const derived =
    'pbkdf2' in kdf
      ? pbkdf2Sync(secret, salt, kdf.pbkdf2.iterations, 32, kdf.pbkdf2.prf)
      : scryptSync(secret, salt, 32, { N: kdf.scrypt.N, r: kdf.scrypt.r, p: kdf.scrypt.p, maxmem: 512 * 1024 * 1024 });
  const cipher = createCipheriv('aes-256-cbc', derived, iv);
  const encrypted = Buffer.concat([cipher.update(key.export({ type: 'pkcs8', format: 'der' })), cipher.final()]);
  const derivation =
    'pbkdf2' in kdf
      ? seq(
          oid(OIDS.pbkdf2),
          seq(
            octets(salt),
            int(kdf.pbkdf2.iterations),
            seq(oid(OIDS.hmac[kdf.pbkdf2.prf]), create(Class.UNIVERSAL, Type.NULL, false, '')),
          ),
        )
      : seq(oid(OIDS.scrypt), seq(octets(salt), int(kdf.scrypt.N), int(kdf.scrypt.r), int(kdf.scrypt.p)));
  const info = seq(seq(oid(OIDS.pbes2), seq(derivation, seq(oid(OIDS.aes256Cbc), octets(iv)))), octets(encrypted));
  return forge.pki.encryptedPrivateKeyToPem(info);
}

export type LegacyCipher = 'aes-128-cbc' | 'aes-256-cbc' | 'des-ede3-cbc' | 'des-cbc';

/** "RSA PRIVATE KEY" with Proc-Type: 4,ENCRYPTED and DEK-Info (`openssl genrsa -aes256`). DES-CBC comes from forge: OpenSSL 3 no longer writes it. */
export function encryptLegacyPem(key: KeyObject, password: string, cipher: LegacyCipher = 'aes-256-cbc'): string {
  if (cipher === 'des-cbc') {
    return forge.pki.encryptRsaPrivateKey(forgeRsaKey(key), forge.util.encodeUtf8(password), {
      algorithm: 'des' as '3des',
    }); // forge supports it; its types omit it
  }
  return key.export({ type: 'pkcs1', format: 'pem', cipher, passphrase: password }).toString();
}

/** `null` leaves the attribute out: a request with no CUIT, or no razón social. */
export interface CsrOptions {
  key: KeyObject;
  cuit: string | null;
  alias: string;
  organization?: string | null;
}

/** A PKCS#10 request as the authority's guide makes it: /C=AR/O=<razón social>/CN=<alias>/serialNumber=CUIT <cuit>. */
export function makeCsr({ key, cuit, alias, organization = 'Proveedor de Prueba S.A.' }: CsrOptions): {
  pem: string;
  der: Buffer;
} {
  const csr = forge.pki.createCertificationRequest();
  const publicKeyPem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  csr.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  csr.setSubject([
    { name: 'countryName', value: 'AR' },
    ...(organization === null ? [] : [{ shortName: 'O', value: organization, valueTagClass: forge.asn1.Type.UTF8 }]),
    { shortName: 'CN', value: alias, valueTagClass: forge.asn1.Type.UTF8 },
    ...(cuit === null ? [] : [{ name: 'serialNumber', value: `CUIT ${cuit}` }]),
  ] as forge.pki.CertificateField[]);
  // forge lays out the request, Node signs it: forge's pure-JS RSA takes ~70 ms a signature.
  const request = csr as unknown as {
    certificationRequestInfo: forge.asn1.Asn1;
    signature: string;
    signatureOid: string;
  };
  request.certificationRequestInfo = (
    forge.pki as unknown as { getCertificationRequestInfo(c: unknown): forge.asn1.Asn1 }
  ).getCertificationRequestInfo(csr);
  const info = Buffer.from(forge.asn1.toDer(request.certificationRequestInfo).getBytes(), 'binary');
  request.signature = sign('sha256', info, key).toString('binary');
  request.signatureOid = forge.pki.oids.sha256WithRSAEncryption!;
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificationRequestToAsn1(csr)).getBytes(), 'binary');
  return { pem: forge.pki.certificationRequestToPem(csr), der };
}

/** What a Windows editor does to a PEM file. */
export const withCrlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
export const withUtf8Bom = (content: string | Buffer) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(content)]);
