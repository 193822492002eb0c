// What the wizard's service says about a registration link (GET /gov-ar/v1/registrations/{ref}).
import { getActiveCredential } from '../credentials';
import { loadOpenRegistration } from './context';
import { getRegistrationKey } from './generated-key';

export async function getRegistrationView(ref: string) {
  const registration = await loadOpenRegistration(ref);
  const { party, entry } = registration;
  const [generated, current] = await Promise.all([getRegistrationKey(ref), getActiveCredential(entry.id)]);
  return {
    ref,
    environment: registration.environment,
    supplier: { name: party.name, tax_id: { country: party.tax_id.country, code: party.tax_id.code } },
    status: entry.status,
    // Where the supplier is: a request made for them means they are at the portal's steps.
    step: generated ? 'portal' : 'start',
    services: registration.services,
    renewal: entry.status === 'Registered',
    ...(generated ? { csr: { alias: generated.alias, csr: generated.csrPem } } : {}),
    ...(current ? { current_certificate: { alias: current.alias, serial: current.serial, not_after: current.notAfter.toISOString() } } : {}),
  };
}
