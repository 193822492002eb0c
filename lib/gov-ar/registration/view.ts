// What the wizard's service says about a registration link (GET /gov-ar/v1/registrations/{ref}), and
// what the wizard page shows for a used live link whose supplier still has no point of sale.
import { companyPrefill } from '@/lib/gov-ar/registration/party-prefill';
import { companyPrefillWithRegister } from '@/lib/gov-ar/registration/register-prefill';
import { getActiveCredential } from '@/lib/gov-ar/credentials';
import { isRenewal, previousCompany, servicesAuthorizedForAlias } from '@/lib/gov-ar/registration/renewal';
import { loadOpenRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';
import { getProgress, getRegistrationKey, getRegistrationRecord } from '@/lib/gov-ar/registration/queries';
import { pendingFor } from '@/lib/gov-ar/registration/registration-record';
import { everyServiceAuthorized, portalRecordFor } from '@/lib/gov-ar/registration/portal-facts';
import { presentProgress } from '@/lib/gov-ar/registration/wizard-progress';
import type { RegistrationView } from '@/lib/responses/gov-ar';

export async function getRegistrationView(ref: string): Promise<RegistrationView> {
  const registration = await loadOpenRegistration(ref);
  const { entry } = registration;
  const [generated, current, saved] = await Promise.all([
    getRegistrationKey(ref),
    getActiveCredential(entry.id),
    getProgress(ref),
  ]);
  const renewal = isRenewal(entry);
  const portalRecord = await portalRecordFor({ ...registration, generatedKey: generated });
  const progress = presentProgress(saved);
  // A renewal's company step starts from what the last registration confirmed, until the supplier saves their own.
  const company = !progress.company && renewal ? await previousCompany(entry.id) : undefined;
  if (company) progress.company = company;
  const entryPrefill = companyPrefill(registration.party);
  // The register is asked only while the company step still needs its starting values.
  const prefill = progress.company
    ? entryPrefill
    : await companyPrefillWithRegister(registration.environment, registration.party.tax_id.code, entryPrefill);
  return {
    ...common(registration),
    prefill,
    status: registration.entry.status,
    step: progress.step,
    progress,
    pending: pendingFor({
      environment: registration.environment,
      companyConfirmed: saved?.company != null,
      certificateAccepted: false,
      servicesAuthorized: everyServiceAuthorized(registration, portalRecord),
    }),
    renewal,
    // A renewal's request keeps the alias, and with it these services' authorization: the wizard asks for the rest.
    authorized_services: renewal ? servicesAuthorizedForAlias(current, generated?.alias) : [],
    ...(generated ? { csr: { alias: generated.alias, csr: generated.csrPem } } : {}),
    ...(portalRecord
      ? {
          portal_record: {
            certificate_issued: portalRecord.certificateIssued,
            authorized_services: portalRecord.authorizedServices,
          },
        }
      : {}),
    ...(current
      ? {
          current_certificate: {
            alias: current.alias,
            serial: current.serial,
            not_after: current.notAfter.toISOString(),
            services: current.services,
          },
        }
      : {}),
  };
}

/**
 * A used link keeps leading to the points of sale while its live supplier has none usable (they cannot
 * invoice without one): the certificate this link registered, and what is still pending. Undefined
 * otherwise (the link is simply used).
 */
export async function getFollowUpView(registration: RegistrationContext) {
  if (registration.open || registration.environment !== 'live' || registration.entry.status !== 'Registered')
    return undefined;
  const [credential, record] = await Promise.all([
    getActiveCredential(registration.entry.id),
    getRegistrationRecord(registration.job.id),
  ]);
  if (!credential || credential.jobId !== registration.job.id || !record?.pending.includes('point_of_sale'))
    return undefined;
  const company = registration.progress?.company ?? undefined;
  return {
    ...common(registration),
    status: registration.entry.status,
    step: 'points_of_sale' as const,
    progress: {
      step: 'points_of_sale' as const,
      ...(company ? { company } : {}),
      ...(registration.progress?.path ? { path: registration.progress.path } : {}),
    },
    pending: record.pending,
    renewal: false,
    authorized_services: [],
    completed: {
      status: registration.entry.status,
      certificate: {
        id: credential.id,
        alias: credential.alias,
        cuit: credential.cuit,
        serial: credential.serial,
        issuer: credential.issuer,
        not_before: credential.notBefore.toISOString(),
        not_after: credential.notAfter.toISOString(),
        services: credential.services,
      },
    },
  };
}

function common(registration: RegistrationContext) {
  const { party } = registration;
  return {
    ref: registration.ref,
    environment: registration.environment,
    supplier: { name: party.name, tax_id: { country: party.tax_id.country, code: party.tax_id.code } },
    services: registration.services,
    prefill: companyPrefill(party),
    // Where the wizard may be embedded, and so the only origins it may post messages to.
    allowed_origins: registration.workflow.config.allowedOrigins ?? [],
  };
}
