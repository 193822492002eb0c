// CMS SignedData (PKCS#7) as the WSAA speaks it: the login ticket request signed with the content
// attached, the signer's certificate included, SHA-256; plus the verification the emulator needs.
import crypto, { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { child, DER, DerError, oidOf, octets, readDer, type DerNode } from '@/lib/ar/der';
import { rsaKeyProblem, rsaNumbersOfSpki } from '@/lib/ar/rsa-key-limits';
import { signOffLoop } from '@/lib/crypto/off-loop';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export { buildLoginTicketRequest } from '@/lib/ar/tra';

export type CmsProblem = 'malformed' | 'no_signer_certificate' | 'bad_signature';

export class CmsError extends Error {
  constructor(
    readonly reason: CmsProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CmsError';
  }
}
sameClassInEveryBundle(CmsError, 'CmsError');

/** forge calls a signer's key synchronously; ours only holds the place of the signature Node makes afterwards. */
const PLACEHOLDER_KEY = { sign: () => '' } as unknown as forge.pki.rsa.PrivateKey;

interface ForgeSignedDataInternals {
  signers: Array<{ authenticatedAttributesAsn1: forge.asn1.Asn1 }>;
  signerInfos: forge.asn1.Asn1[];
}

/** The key must have passed rsa-key-limits (a supplier's key, validated on upload). */
export async function signCms(content: Buffer, certificatePem: string, privateKeyPem: string): Promise<Buffer> {
  const certificate = forge.pki.certificateFromPem(certificatePem);
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content.toString('binary'));
  p7.addCertificate(certificate);
  p7.addSigner({
    key: PLACEHOLDER_KEY,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime! },
    ],
  });
  // forge assembles the structure and the signed attributes; the RSA operation is Node's, on the thread pool.
  p7.sign();
  const { signers, signerInfos } = p7 as unknown as ForgeSignedDataInternals;
  const attributes = signers[0]!.authenticatedAttributesAsn1.value as forge.asn1.Asn1[];
  // The signature covers the attributes encoded as a SET, not as the [0] they travel in (RFC 5652 §5.4).
  const signedBytes = forge.asn1
    .toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes))
    .getBytes();
  const signature = await signOffLoop('sha256', Buffer.from(signedBytes, 'binary'), privateKeyPem);
  const encryptedDigest = (signerInfos[0]!.value as forge.asn1.Asn1[]).at(-1)!;
  if (encryptedDigest.type !== forge.asn1.Type.OCTETSTRING)
    throw new Error('forge laid out the SignerInfo unexpectedly');
  encryptedDigest.value = signature.toString('binary');
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

const HASH_BY_OID: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
/** rsaEncryption, or an RSA signature naming its hash (which must then be the digest algorithm). */
const RSA_SIGNATURE_HASH: Record<string, string | undefined> = {
  '1.2.840.113549.1.1.1': undefined,
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.14': 'sha224',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
};
const OID = {
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
};

export interface VerifiedCms {
  content: Buffer;
  signerCertificatePem: string;
  certificatesPem: string[];
}

/** A signer and its chain are two or three; each more is a key the verification would try. */
const MAX_CMS_CERTIFICATES = 10;

/**
 * Checks the first signer's signature; says nothing about whether its certificate is trusted. A
 * certificate whose key is out of rsa-key-limits is never computed with (it cannot sign); within them a
 * verification costs a fraction of a millisecond.
 */
export function verifyCms(der: Buffer): VerifiedCms {
  let parsed: ReturnType<typeof parseSignedData>;
  try {
    parsed = parseSignedData(der);
  } catch (error) {
    if (error instanceof CmsError) throw error;
    throw new CmsError('malformed', `Not a CMS SignedData structure (${(error as Error).message}).`);
  }
  const { content, contentType, certificates, signer } = parsed;
  if (certificates.length === 0) throw new CmsError('no_signer_certificate', 'The CMS carries no certificate.');
  if (!content) throw new CmsError('bad_signature', 'The CMS is detached: the signed content is not attached.');
  const hash = HASH_BY_OID[signer.digestOid];
  const signatureHash = RSA_SIGNATURE_HASH[signer.signatureOid];
  if (!hash || !(signer.signatureOid in RSA_SIGNATURE_HASH) || (signatureHash && signatureHash !== hash)) {
    throw new CmsError('bad_signature', 'Unsupported signature algorithm.');
  }
  let signedBytes = content;
  if (signer.signedAttrs) {
    const attributes = readAttributes(signer.signedAttrs);
    const digest = attributes.get(OID.messageDigest);
    if (!digest?.equals(crypto.createHash(hash).update(content).digest())) {
      throw new CmsError('bad_signature', 'The content does not match the signed message digest.');
    }
    if (attributes.get(OID.contentType)?.toString('hex') !== contentType.toString('hex')) {
      throw new CmsError('bad_signature', 'The signed content type does not match the content.');
    }
    // The signature covers the attributes encoded as a SET, not as the [0] they travel in (RFC 5652 §5.4).
    signedBytes = Buffer.concat([Buffer.from([DER.SET]), signer.signedAttrs.bytes.subarray(1)]);
  }
  const candidates = signer.matches ? certificates.filter(signer.matches) : certificates;
  const signerCertificate = candidates.find((certificate) =>
    verifies(hash, signedBytes, certificate, signer.signature),
  );
  if (!signerCertificate) {
    if (candidates.length === 0)
      throw new CmsError('no_signer_certificate', "The signer's certificate is not in the CMS.");
    throw new CmsError('bad_signature', 'The signature does not verify.');
  }
  return { content, signerCertificatePem: pem(signerCertificate), certificatesPem: certificates.map(pem) };
}

interface CertificateEntry {
  der: Buffer;
  node: DerNode;
  x509: X509Certificate;
}

function parseSignedData(der: Buffer) {
  const contentInfo = readDer(der);
  if (oidOf(child(contentInfo, 0)) !== OID.signedData) throw new CmsError('malformed', 'The CMS is not SignedData.');
  const signedData = child(child(contentInfo, 1, DER.context(0)), 0, DER.SEQUENCE);
  const encapsulated = child(signedData, 2, DER.SEQUENCE);
  const eContent = encapsulated.children[1];
  const content = eContent ? octets(child(eContent, 0)) : undefined;
  const contentType = child(encapsulated, 0, DER.OID).bytes;
  const certificatesNode = signedData.children.find((node) => node.tag === DER.context(0));
  const certificateNodes = (certificatesNode?.children ?? []).filter((node) => node.tag === DER.SEQUENCE);
  if (certificateNodes.length > MAX_CMS_CERTIFICATES)
    throw new CmsError('malformed', `The CMS carries more than ${MAX_CMS_CERTIFICATES} certificates.`);
  const certificates: CertificateEntry[] = certificateNodes.map((node) => ({
    der: Buffer.from(node.bytes),
    node,
    x509: new X509Certificate(node.bytes),
  }));
  const signerInfos = signedData.children.at(-1);
  if (signerInfos?.tag !== DER.SET || !signerInfos.children[0])
    throw new CmsError('malformed', 'The CMS has no signer.');
  return { content, contentType, certificates, signer: readSignerInfo(signerInfos.children[0]) };
}

function readSignerInfo(info: DerNode) {
  const [, sid, digestAlgorithm, ...rest] = info.children;
  if (!sid || !digestAlgorithm) throw new DerError('incomplete SignerInfo');
  const signedAttrs = rest[0]?.tag === DER.context(0) ? rest.shift() : undefined;
  const [signatureAlgorithm, signature] = rest;
  if (!signatureAlgorithm || signature?.tag !== DER.OCTET_STRING) throw new DerError('incomplete SignerInfo');
  // issuerAndSerialNumber names the signer; a subjectKeyIdentifier ([0]) leaves every certificate a candidate.
  const matches =
    sid.tag === DER.SEQUENCE
      ? (certificate: CertificateEntry) => sameIssuerAndSerial(certificate.node, sid)
      : undefined;
  return {
    digestOid: oidOf(child(digestAlgorithm, 0)),
    signatureOid: oidOf(child(signatureAlgorithm, 0)),
    signature: signature.value,
    signedAttrs,
    matches,
  };
}

function sameIssuerAndSerial(certificate: DerNode, sid: DerNode): boolean {
  const tbs = child(certificate, 0, DER.SEQUENCE);
  const offset = tbs.children[0]?.tag === DER.context(0) ? 1 : 0;
  const serial = child(tbs, offset, DER.INTEGER);
  const issuer = child(tbs, offset + 2, DER.SEQUENCE);
  return issuer.bytes.equals(child(sid, 0).bytes) && serial.value.equals(child(sid, 1, DER.INTEGER).value);
}

/** Attribute type → the DER value of its first value (a message digest's octets, a content type's OID). */
function readAttributes(signedAttrs: DerNode): Map<string, Buffer> {
  const attributes = new Map<string, Buffer>();
  for (const attribute of signedAttrs.children) {
    const first = child(child(attribute, 1, DER.SET), 0);
    attributes.set(oidOf(child(attribute, 0)), first.tag === DER.OCTET_STRING ? first.value : first.bytes);
  }
  return attributes;
}

function verifies(hash: string, data: Buffer, certificate: CertificateEntry, signature: Buffer): boolean {
  const key = certificate.x509.publicKey;
  if (key.asymmetricKeyType !== 'rsa') return false;
  const numbers = rsaNumbersOfSpki(key.export({ type: 'spki', format: 'der' }));
  if (!numbers || rsaKeyProblem(numbers)) return false;
  try {
    return crypto.verify(hash, data, key, signature);
  } catch {
    return false;
  }
}

const pem = (certificate: CertificateEntry) => certificate.x509.toString();
