// Opens a password-protected private key: Node's OpenSSL first (native and strict), then node-forge for what
// OpenSSL 3 keeps in its legacy provider (DES, RC2), with a cap on the key-derivation work an upload may demand.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError } from './errors';
import { children, derToAsn1, integerOf, oidOf, toPem, type PemBlock } from './encoding';

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
const SCRYPT = '1.3.6.1.4.1.11591.4.11';

// Decryption runs on the request thread: ~0.5 s of native PBKDF2 is the most a (public) upload may cost.
// OpenSSL writes 2048 iterations by default; OWASP's 600 000 still fits.
const MAX_ITERATIONS = 1_000_000;
// forge's PBKDF2 is pure JS, ~50 times slower; legacy tools use small counts anyway.
const MAX_FORGE_ITERATIONS = 20_000;

type Attempt = { key: KeyObject } | { failure: 'password' | 'unsupported' };

interface ForgePbe {
  pbe: { getCipher(oid: string, params: forge.asn1.Asn1, password: string): forge.cipher.BlockCipher };
}

const utf8 = (password: string) => forge.util.encodeUtf8(password);
/** The DEK-Info ciphers node-forge's decryptRsaPrivateKey knows, with their IV. */
const FORGE_LEGACY_CIPHERS = /^(DES-CBC|DES-EDE3-CBC|AES-(128|192|256)-CBC|RC2-(40|64|128)-CBC),[0-9A-F]+$/i;

export function decryptPrivateKey(block: PemBlock, password: string | undefined): KeyObject {
  const iterations = block.label === 'ENCRYPTED PRIVATE KEY' ? kdfIterations(block.der) : 1;
  if (iterations === undefined || iterations > MAX_ITERATIONS) throw new CertificateError('key_unreadable');
  const pem = toPem(block.label, block.der, block.headers);
  if (!password) {
    // Some tools encrypt with an empty password; a blank field should still open such a key.
    const blank = withNode(pem, '');
    if ('key' in blank) return blank.key;
    throw new CertificateError('key_password_required');
  }
  const node = withNode(pem, password);
  if ('key' in node) return node.key;
  const forged: Attempt = iterations <= MAX_FORGE_ITERATIONS ? withForge(block, pem, password) : { failure: 'unsupported' };
  if ('key' in forged) return forged.key;
  // Only when neither library knows the algorithm is the key unreadable; otherwise the password is wrong.
  const wrongPassword = node.failure === 'password' || forged.failure === 'password';
  throw new CertificateError(wrongPassword ? 'key_password_invalid' : 'key_unreadable');
}

function withNode(pem: string, password: string): Attempt {
  try {
    // Passwords are UTF-8, as OpenSSL's command line reads them from a UTF-8 terminal.
    return { key: createPrivateKey({ key: pem, format: 'pem', passphrase: Buffer.from(password, 'utf8') }) };
  } catch (error) {
    return { failure: (error as { code?: string }).code === 'ERR_OSSL_BAD_DECRYPT' ? 'password' : 'unsupported' };
  }
}

function withForge(block: PemBlock, pem: string, password: string): Attempt {
  try {
    if (block.label === 'ENCRYPTED PRIVATE KEY') return forgePkcs8(block.der, password);
    if (block.label !== 'RSA PRIVATE KEY') return { failure: 'unsupported' };
    const key = forge.pki.decryptRsaPrivateKey(pem, utf8(password));
    return key ? { key: createPrivateKey(forge.pki.privateKeyToPem(key)) } : { failure: 'password' };
  } catch {
    // A legacy PEM in a cipher forge decrypts, yet no key came out: the padding matched by chance (about
    // 1 in 250 wrong passwords), so the password is still the wrong one.
    return { failure: block.label === 'RSA PRIVATE KEY' && FORGE_LEGACY_CIPHERS.test(block.headers['DEK-Info'] ?? '') ? 'password' : 'unsupported' };
  }
}

function forgePkcs8(der: Buffer, password: string): Attempt {
  const [algorithm, data] = children(derToAsn1(der));
  const [oidNode, params] = children(algorithm);
  const oid = oidOf(oidNode);
  if (!oid || !params || typeof data?.value !== 'string') return { failure: 'unsupported' };
  // PBES2 derives from the password's UTF-8 bytes; PKCS#12 PBE from its UCS-2 code units, which forge takes from a JS string.
  const cipher = (forge.pki as unknown as ForgePbe).pbe.getCipher(oid, params, oid === PBES2 ? utf8(password) : password);
  cipher.update(forge.util.createBuffer(data.value));
  if (!cipher.finish()) return { failure: 'password' };
  try {
    const plain = Buffer.from(cipher.output.getBytes(), 'binary');
    return { key: createPrivateKey({ key: plain, format: 'der', type: 'pkcs8' }) };
  } catch {
    return { failure: 'password' }; // the padding matched by chance: still the wrong password
  }
}

/** The key-derivation work an EncryptedPrivateKeyInfo asks for, in PBKDF2 iterations; undefined if unknown. */
function kdfIterations(der: Buffer): number | undefined {
  const [algorithm] = children(derToAsn1(der));
  const [oidNode, params] = children(algorithm);
  const oid = oidOf(oidNode);
  if (!oid) return undefined;
  if (oid !== PBES2) return integerOf(children(params)[1]); // PBES1 and PKCS#12 PBE: { salt, iterations }
  const [kdfOid, kdfParams] = children(children(params)[0]);
  const values = children(kdfParams).map(integerOf);
  if (oidOf(kdfOid) === PBKDF2) return values[1];
  // scrypt { salt, N, r, p }: N·r·p costs the same order of CPU time as that many PBKDF2 iterations.
  if (oidOf(kdfOid) === SCRYPT) return values.slice(1, 4).reduce<number>((product, v) => product * (v ?? Infinity), 1);
  return undefined;
}
