// The wizard's view of the points of sale the authority reports for a registered supplier: always
// asked afresh (the supplier may have just added one at the portal), with the certificate this link
// handed over, and only while that is the supplier's current one.
import { ApiError, authorityUnavailable } from '@/lib/api/errors';
import { AuthorityError } from '@/lib/authority/authority-error';
import { getActiveCredential } from '@/lib/gov-ar/credentials';
import { queryPointsOfSale } from '@/lib/gov-ar/points-of-sale';
import { loadRegistration } from '@/lib/gov-ar/registration/context';
import type { PointsOfSale } from '@/lib/openapi/responses/gov-ar';

export async function pointsOfSaleForLink(ref: string): Promise<PointsOfSale> {
  const registration = await loadRegistration(ref);
  const credential = await getActiveCredential(registration.entry.id);
  // An old link must not go on asking the authority with whatever certificate the supplier has now.
  if (credential?.jobId !== registration.job.id) {
    if (registration.open) {
      throw new ApiError('registration_incomplete', 'Upload the certificate first: the points of sale are asked with it.');
    }
    throw new ApiError('link_used', 'This registration is no longer the supplier\'s current one; the link cannot be used again.');
  }
  try {
    const points = await queryPointsOfSale(credential);
    return {
      environment: registration.environment,
      // In the sandbox any number may be used; in live only these.
      any_number_allowed: registration.environment === 'sandbox',
      list: points.map((point) => ({
        number: point.number, emission_type: point.emissionType, blocked: point.blocked, dropped_on: point.droppedOn,
      })),
    };
  } catch (error) {
    if (!(error instanceof AuthorityError)) throw error;
    console.warn(`[gov-ar] points of sale unavailable: ${error.message}`);
    throw authorityUnavailable();
  }
}
