// What the authority's portal holds for a registration's request before the supplier uploads anything: the
// certificate made from it, and the services its alias may use. Only the emulator can be asked: ARCA's portal
// (WSASS, «Administración de Certificados Digitales», the relations administrator) is a web application behind
// the supplier's Clave Fiscal, with no web service that lists a CUIT's certificates or relations, so against
// the real authority this answers undefined and the upload's WSAA login is the first proof.
import { createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { arAuthority } from '@/lib/config';
import type { Environment } from '@/lib/ar/environments';
import { AUTHORITY_SERVICES, type AuthorityService } from '@/lib/ar/services';
import { portalRecordOfAlias } from '@/lib/emulator/queries';

export interface PortalRecord {
  /** The portal issued a certificate, still in force, for this very request (its key), under the alias. */
  certificateIssued: boolean;
  /** The services the alias is authorized for, for the CUIT. */
  authorizedServices: AuthorityService[];
}

/** Whether the portal can be asked at all: the emulator, built into this app (its tables are in our database). */
export const canAskPortal = () => arAuthority() === 'emulator';

const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');

export async function askPortalRecord(request: {
  environment: Environment;
  cuit: string;
  alias: string;
  csrPem: string;
}): Promise<PortalRecord | undefined> {
  if (!canAskPortal()) return undefined;
  const held = await portalRecordOfAlias(request);
  const requestKey = spki(
    createPublicKey(forge.pki.publicKeyToPem(forge.pki.certificationRequestFromPem(request.csrPem).publicKey!)),
  );
  return {
    certificateIssued: held.certificates.some((pem) => spki(new X509Certificate(pem).publicKey) === requestKey),
    authorizedServices: AUTHORITY_SERVICES.filter((service) => held.services.includes(service)),
  };
}
