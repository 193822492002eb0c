// What a renewal spares the supplier: our request keeps the current certificate's alias, whose
// authorizations at the authority carry over to the new certificate, so only the services it was not
// authorized for are left to authorize (none: no authorization step at all). Their own certificate may
// carry any alias, so that path authorizes everything (the step says to go on if it is already done).
// Before the supplier chooses, the count assumes our request, the path chosen by default.
import type { CertificatePath, RegistrationView } from '@/lib/wizard/types';

export interface ServicesToAuthorize {
  /** The services the supplier authorizes at the portal now. */
  missing: string[];
  /** The services the alias is already authorized for. */
  authorized: string[];
}

export function servicesToAuthorize(
  view: Pick<RegistrationView, 'renewal' | 'services' | 'authorized_services'>,
  path: CertificatePath | undefined,
): ServicesToAuthorize {
  if (!view.renewal || path === 'own') return { missing: view.services, authorized: [] };
  const authorized = view.services.filter((service) => view.authorized_services.includes(service));
  return { missing: view.services.filter((service) => !authorized.includes(service)), authorized };
}
