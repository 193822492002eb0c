// The certificate requests (PKCS#10) the emulated portal signs: read from their DER, the key held to
// rsa-key-limits before anything is computed with it, then the signature checked by Node (a fraction of
// a millisecond within the limits). node-forge's own check ran its JavaScript RSA with whatever exponent
// the caller chose: ten seconds and a 500 for one of 8192 bits.
import { createPublicKey, verify } from 'node:crypto';
import forge from 'node-forge';
import { invalidField } from '@/lib/api/errors';
import { child, DER, DerError, oidOf, readDer } from '@/lib/ar/der';
import { rsaKeyProblem, rsaNumbersOfSpki, type RsaKeyProblem } from '@/lib/ar/rsa-key-limits';

const NOT_A_REQUEST = 'not a PEM certificate request (PKCS#10) with an RSA key';
const KEY_REFUSALS: Record<RsaKeyProblem, string> = {
  too_small: 'the RSA key must have at least 2048 bits',
  too_large: 'the RSA key must have at most 4096 bits (the authority issues 2048)',
  exponent: "the RSA key's public exponent must be odd, at least 3 and below 2^32 (usually 65537)",
};
/** sha1WithRSAEncryption, sha256..., sha384..., sha512..., sha224... */
const HASH_BY_SIGNATURE_OID: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.14': 'sha224',
};

/** The request, once its key is within limits and its signature verifies; otherwise a 422 naming `csr`. */
export function readCertificationRequest(pem: string): forge.pki.CertificateSigningRequest {
  const der = requestDer(pem);
  const parts = der && signedParts(der);
  const numbers = parts && rsaNumbersOfSpki(parts.publicKey);
  if (!der || !parts || !numbers) throw invalidField('csr', NOT_A_REQUEST);
  const problem = rsaKeyProblem(numbers);
  if (problem) throw invalidField('csr', KEY_REFUSALS[problem]);
  let request: forge.pki.CertificateSigningRequest;
  try {
    request = forge.pki.certificationRequestFromAsn1(forge.asn1.fromDer(der.toString('binary')));
  } catch {
    throw invalidField('csr', NOT_A_REQUEST);
  }
  const hash = HASH_BY_SIGNATURE_OID[parts.signatureOid];
  if (!hash || !verifies(hash, parts)) throw invalidField('csr', "the request's signature does not verify");
  return request;
}

function verifies(hash: string, parts: NonNullable<ReturnType<typeof signedParts>>): boolean {
  try {
    return verify(
      hash,
      parts.info,
      createPublicKey({ key: parts.publicKey, format: 'der', type: 'spki' }),
      parts.signature,
    );
  } catch {
    return false;
  }
}

/** The first PEM block's DER, if it is a certificate request (as node-forge reads one). */
function requestDer(pem: string): Buffer | undefined {
  try {
    const [block] = forge.pem.decode(pem);
    return block?.type === 'CERTIFICATE REQUEST' ? Buffer.from(block.body, 'binary') : undefined;
  } catch {
    return undefined;
  }
}

/** CertificationRequest ::= SEQUENCE { info SEQUENCE { version, subject, subjectPKInfo, [0] attributes }, algorithm, signature BIT STRING }. */
function signedParts(der: Buffer) {
  try {
    const request = readDer(der);
    const info = child(request, 0, DER.SEQUENCE);
    const signature = child(request, 2, DER.BIT_STRING).value;
    if (signature[0] !== 0) return undefined; // unused bits: a signature has none
    return {
      info: info.bytes,
      publicKey: child(info, 2, DER.SEQUENCE).bytes,
      signatureOid: oidOf(child(child(request, 1, DER.SEQUENCE), 0)),
      signature: signature.subarray(1),
    };
  } catch (error) {
    if (error instanceof DerError) return undefined;
    throw error;
  }
}
