// A key pair and certificate request made for the supplier, as `openssl genrsa 2048` plus
// `openssl req -subj "/C=AR/O=<razón social>/CN=<alias>/serialNumber=CUIT <cuit>"` would.
import forge from 'node-forge';
import { generateRsaOffLoop, signOffLoop } from '@/lib/crypto/off-loop';

export interface GeneratedRequest {
  /** PKCS#8 PEM; goes straight into an encrypted secret. */
  privateKeyPem: string;
  csrPem: string;
}

interface ForgeRequestInternals {
  certificationRequestInfo: forge.asn1.Asn1;
  signature: string;
  signatureOid: string;
}

export async function generateKeyAndCsr(subject: {
  legalName: string;
  alias: string;
  cuit: string;
}): Promise<GeneratedRequest> {
  // Node's key generation and signing, both on the thread pool: forge's pure-JS RSA blocks the event loop.
  const { publicKey, privateKey } = await generateRsaOffLoop(2048);
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.publicKeyFromPem(publicKey);
  csr.setSubject([
    { shortName: 'C', value: 'AR' },
    // A razón social has accents: UTF8String (forge encodes the text itself), not PrintableString.
    { shortName: 'O', value: subject.legalName, valueTagClass: forge.asn1.Type.UTF8 as never },
    { shortName: 'CN', value: subject.alias },
    { name: 'serialNumber', value: `CUIT ${subject.cuit}` },
  ]);
  // forge lays out the CertificationRequestInfo; Node signs it. certificationRequestToPem uses both as set here.
  const request = csr as unknown as ForgeRequestInternals;
  request.certificationRequestInfo = (
    forge.pki as unknown as { getCertificationRequestInfo(c: unknown): forge.asn1.Asn1 }
  ).getCertificationRequestInfo(csr);
  const info = Buffer.from(forge.asn1.toDer(request.certificationRequestInfo).getBytes(), 'binary');
  request.signature = (await signOffLoop('sha256', info, privateKey)).toString('binary');
  request.signatureOid = forge.pki.oids.sha256WithRSAEncryption!;
  return { privateKeyPem: privateKey, csrPem: forge.pki.certificationRequestToPem(csr) };
}

/** The alias (the certificate's CN) we suggest: letters and digits only, as the portal accepts. */
export const defaultAlias = (cuit: string) => `fe${cuit}`;
