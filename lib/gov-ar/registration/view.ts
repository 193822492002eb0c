// What the wizard's service says about a registration link (GET /gov-ar/v1/registrations/{ref}).
import { getActiveCredential } from '@/lib/gov-ar/credentials';
import { isRenewal, previousCompany, servicesAuthorizedForAlias } from '@/lib/gov-ar/registration/renewal';
import { loadOpenRegistration } from '@/lib/gov-ar/registration/context';
import { getRegistrationKey } from '@/lib/gov-ar/registration/generated-key';
import { getProgress, presentProgress } from '@/lib/gov-ar/registration/wizard-progress';
import type { RegistrationView } from '@/lib/openapi/responses/gov-ar';

export async function getRegistrationView(ref: string): Promise<RegistrationView> {
  const registration = await loadOpenRegistration(ref);
  const { party, entry } = registration;
  const [generated, current, saved] = await Promise.all([getRegistrationKey(ref), getActiveCredential(entry.id), getProgress(ref)]);
  const renewal = isRenewal(entry);
  const progress = presentProgress(saved);
  // A renewal's company step starts from what the last registration confirmed, until the supplier saves their own.
  const company = !progress.company && renewal ? await previousCompany(entry.id) : undefined;
  if (company) progress.company = company;
  return {
    ref,
    environment: registration.environment,
    supplier: { name: party.name, tax_id: { country: party.tax_id.country, code: party.tax_id.code } },
    status: entry.status,
    step: progress.step,
    progress,
    services: registration.services,
    renewal,
    // A renewal's request keeps the alias, and with it these services' authorization: the wizard asks for the rest.
    authorized_services: renewal ? servicesAuthorizedForAlias(current, generated?.alias) : [],
    // Where the wizard may be embedded, and so the only origins it may post messages to.
    allowed_origins: registration.workflow.config.allowedOrigins ?? [],
    ...(generated ? { csr: { alias: generated.alias, csr: generated.csrPem } } : {}),
    ...(current ? { current_certificate: { alias: current.alias, serial: current.serial, not_after: current.notAfter.toISOString(), services: current.services } } : {}),
  };
}
