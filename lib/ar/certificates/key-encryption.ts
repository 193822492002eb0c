// How an encrypted private key says it was encrypted, read before any work is done: the key derivation
// (PBES2's PBKDF2 or scrypt, PKCS#12 PBE, a legacy PEM's DEK-Info) and the cipher, by OpenSSL's name.
import forge from 'node-forge';
import { children, derToAsn1, integerOf, isUniversal, oidOf, type PemBlock } from '@/lib/ar/certificates/encoding';
import type { KeyDerivation, Prf } from '@/lib/ar/certificates/key-derivation';

export interface KeyEncryption {
  kdf: KeyDerivation;
  /** OpenSSL's name: 'aes-256-cbc', 'des-ede3-cbc', 'des-cbc', 'rc2-40-cbc', ... */
  cipher: string;
  /** The IV, when the parameters carry it (PBES2, legacy PEM); PKCS#12 derives it from the password. */
  iv?: Buffer;
  /** PBES2's optional keyLength. */
  keyLength?: number;
  /** The ciphertext. */
  data: Buffer;
  /** What the plaintext is: 'PRIVATE KEY' (PKCS#8) or the legacy PEM's own label. */
  plainLabel: string;
}

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
const SCRYPT = '1.3.6.1.4.1.11591.4.11';
const PRF_BY_OID: Record<string, Prf> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
  '1.2.840.113549.2.12': 'sha512-224',
  '1.2.840.113549.2.13': 'sha512-256',
};
const PBES2_CIPHER_BY_OID: Record<string, string> = {
  '2.16.840.1.101.3.4.1.2': 'aes-128-cbc',
  '2.16.840.1.101.3.4.1.22': 'aes-192-cbc',
  '2.16.840.1.101.3.4.1.42': 'aes-256-cbc',
  '1.2.840.113549.3.7': 'des-ede3-cbc',
  '1.3.14.3.2.7': 'des-cbc',
  '1.2.392.200011.61.1.1.1.2': 'camellia-128-cbc',
  '1.2.392.200011.61.1.1.1.3': 'camellia-192-cbc',
  '1.2.392.200011.61.1.1.1.4': 'camellia-256-cbc',
};
/** pbeWithSHAAnd3-KeyTripleDES-CBC, ...2-KeyTripleDES-CBC, ...128BitRC2-CBC, ...40BitRC2-CBC. */
const PKCS12_CIPHER_BY_OID: Record<string, string> = {
  '1.2.840.113549.1.12.1.3': 'des-ede3-cbc',
  '1.2.840.113549.1.12.1.4': 'des-ede-cbc',
  '1.2.840.113549.1.12.1.5': 'rc2-cbc',
  '1.2.840.113549.1.12.1.6': 'rc2-40-cbc',
};

/** The encryption of an "ENCRYPTED PRIVATE KEY" or a legacy encrypted PEM; undefined when we do not know it. */
export function readKeyEncryption(block: PemBlock): KeyEncryption | undefined {
  if (block.label === 'ENCRYPTED PRIVATE KEY') return readEncryptedPrivateKeyInfo(block.der);
  // Legacy PEM: "DEK-Info: AES-256-CBC,<IV in hex>"; the first 8 bytes of the IV salt the derivation.
  const [algorithm, ivHex] = (block.headers['DEK-Info'] ?? '').split(',').map((part) => part.trim());
  if (!algorithm || !ivHex || !/^([0-9a-f]{2}){8,}$/i.test(ivHex)) return undefined;
  const iv = Buffer.from(ivHex, 'hex');
  return {
    kdf: { kind: 'openssl', salt: iv.subarray(0, 8) },
    cipher: algorithm.toLowerCase(),
    iv,
    data: block.der,
    plainLabel: block.label,
  };
}

/** EncryptedPrivateKeyInfo ::= SEQUENCE { AlgorithmIdentifier, OCTET STRING }. */
function readEncryptedPrivateKeyInfo(der: Buffer): KeyEncryption | undefined {
  const [algorithm, encrypted] = children(derToAsn1(der));
  const data = octets(encrypted);
  const [oidNode, params] = children(algorithm);
  const oid = oidOf(oidNode);
  if (!oid || !data) return undefined;
  if (oid === PBES2) return readPbes2(params, data);
  const cipher = PKCS12_CIPHER_BY_OID[oid];
  const [salt, iterations] = children(params); // pkcs-12PbeParams ::= SEQUENCE { salt, iterations }
  const saltBytes = octets(salt);
  const count = integerOf(iterations);
  if (!cipher || !saltBytes || count === undefined || count < 1) return undefined;
  return { kdf: { kind: 'pkcs12', salt: saltBytes, iterations: count }, cipher, data, plainLabel: 'PRIVATE KEY' };
}

/** PBES2-params ::= SEQUENCE { keyDerivationFunc, encryptionScheme }; CBC schemes carry their IV. */
function readPbes2(params: forge.asn1.Asn1 | undefined, data: Buffer): KeyEncryption | undefined {
  const [derivation, scheme] = children(params);
  const [schemeOid, iv] = children(scheme);
  const cipher = PBES2_CIPHER_BY_OID[oidOf(schemeOid) ?? ''];
  const ivBytes = octets(iv);
  const [kdfOid, kdfParams] = children(derivation);
  const values = children(kdfParams);
  const salt = octets(values[0]);
  if (!cipher || !ivBytes || !salt) return undefined;
  const base = { cipher, iv: ivBytes, data, plainLabel: 'PRIVATE KEY' };
  if (oidOf(kdfOid) === PBKDF2) {
    // PBKDF2-params ::= SEQUENCE { salt, iterationCount, keyLength OPTIONAL, prf DEFAULT hmacWithSHA1 }
    const iterations = integerOf(values[1]);
    const keyLength = isUniversal(values[2], forge.asn1.Type.INTEGER) ? integerOf(values[2]) : undefined;
    const prfNode = values.find((node, i) => i >= 2 && isUniversal(node, forge.asn1.Type.SEQUENCE));
    const prf = prfNode ? PRF_BY_OID[oidOf(children(prfNode)[0]) ?? ''] : 'sha1';
    if (iterations === undefined || iterations < 1 || !prf) return undefined;
    return { ...base, keyLength, kdf: { kind: 'pbkdf2', salt, iterations, prf } };
  }
  if (oidOf(kdfOid) === SCRYPT) {
    // scrypt-params ::= SEQUENCE { salt, costParameter, blockSize, parallelizationParameter, keyLength OPTIONAL }
    const [cost, blockSize, parallelization, keyLength] = values.slice(1).map(integerOf);
    if (!cost || !blockSize || !parallelization || (cost & (cost - 1)) !== 0 || cost === 1) return undefined;
    return { ...base, keyLength, kdf: { kind: 'scrypt', salt, cost, blockSize, parallelization } };
  }
  return undefined;
}

function octets(node: forge.asn1.Asn1 | undefined): Buffer | undefined {
  return isUniversal(node, forge.asn1.Type.OCTETSTRING) && typeof node!.value === 'string'
    ? Buffer.from(node!.value, 'binary')
    : undefined;
}
