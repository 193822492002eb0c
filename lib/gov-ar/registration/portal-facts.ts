// What the authority's portal already holds for a link's request (the certificate made from it, the services
// its alias may use), asked before the upload where it can be asked (the emulator: lib/authority/portal-record.ts),
// so the wizard and the entry's record show those steps done as soon as they are, not only after the upload.
import { askPortalRecord, canAskPortal, type PortalRecord } from '@/lib/authority/portal-record';
import type { RegistrationContext } from '@/lib/gov-ar/registration/context';

/** Undefined when the portal cannot be asked (ARCA); nothing held while no request was made for the link. */
export async function portalRecordFor(registration: RegistrationContext): Promise<PortalRecord | undefined> {
  if (!canAskPortal()) return undefined;
  const request = registration.generatedKey;
  if (!request) return { certificateIssued: false, authorizedServices: [] };
  return askPortalRecord({
    environment: registration.environment,
    cuit: registration.party.tax_id.code,
    alias: request.alias,
    csrPem: request.csrPem,
  });
}

/** Every service the registration needs is authorized at the portal for the request's alias. */
export const everyServiceAuthorized = (registration: RegistrationContext, record: PortalRecord | undefined) =>
  record !== undefined && registration.services.every((service) => record.authorizedServices.includes(service));
