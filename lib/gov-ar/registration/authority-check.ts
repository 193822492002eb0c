// The last validation step: a WSAA login with the certificate for each web service the supplier
// needs. It proves the authority trusts the certificate, has not revoked it, and has the service
// authorised for it. The tickets it gets are cached for later use.
import { AuthorityError } from '@/lib/authority/authority-error';
import { CertificateError, type ValidatedBundle } from '@/lib/ar/certificates';
import { authorityTicket } from '@/lib/authority/tickets';
import type { RegistrationContext } from '@/lib/gov-ar/registration/context';

export async function checkAtAuthority(registration: RegistrationContext, bundle: ValidatedBundle): Promise<void> {
  const credential = {
    ownerId: registration.entry.ownerId,
    entryId: registration.entry.id,
    environment: registration.environment,
    fingerprint: bundle.fingerprint,
    certificatePem: bundle.certificatePem,
    privateKeyPem: bundle.privateKeyPem,
  };
  for (const service of registration.services) {
    try {
      await authorityTicket(credential, service);
    } catch (error) {
      if (!(error instanceof AuthorityError)) throw error;
      // A valid ticket already exists for this certificate and service: trusted and authorised.
      if (error.problem === 'already_authenticated') continue;
      throw toCertificateError(error, service, registration);
    }
  }
}

function toCertificateError(
  error: AuthorityError,
  service: string,
  registration: RegistrationContext,
): CertificateError {
  switch (error.problem) {
    case 'revoked':
      return new CertificateError('certificate_revoked', { environment: registration.environment });
    case 'not_authorized':
      return new CertificateError('service_not_authorized', { service, environment: registration.environment });
    case 'untrusted':
      return new CertificateError('certificate_untrusted', { environment: registration.environment });
    case 'expired':
      return new CertificateError('certificate_expired', { environment: registration.environment });
    default:
      console.warn(`[gov-ar] authority check failed for ${service}: ${error.message}`);
      return new CertificateError('authority_unavailable');
  }
}
