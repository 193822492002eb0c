// What the "already registered" page shows for a link whose registration is finished: who, where,
// and the certificate in use now (a later renewal's, if there was one).
import { getActiveCredential } from '@/lib/gov-ar/credentials';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';
import { findRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';

export interface RegisteredSummary {
  ref: string;
  /** The entry's status: `Registered`, or `Error` when the registration failed. */
  status: string;
  supplier: { name: string; cuit: string };
  environment: Environment;
  certificate?: { alias: string; not_after: string; services: AuthorityService[] };
}

export async function summarizeRegistration(registration: RegistrationContext): Promise<RegisteredSummary> {
  const { party, entry } = registration;
  const credential = await getActiveCredential(entry.id);
  return {
    ref: registration.ref,
    status: entry.status,
    supplier: { name: party.name, cuit: party.tax_id.code },
    environment: registration.environment,
    ...(credential
      ? {
          certificate: {
            alias: credential.alias,
            not_after: credential.notAfter.toISOString(),
            services: credential.services,
          },
        }
      : {}),
  };
}

/** The summary of a finished registration; undefined for an unknown link or one still in use. */
export async function getRegisteredSummary(ref: string): Promise<RegisteredSummary | undefined> {
  const registration = await findRegistration(ref);
  if (!registration || registration.open) return undefined;
  return summarizeRegistration(registration);
}
