// The wizard's view of the points of sale the authority reports for a registered supplier: always
// asked afresh (the supplier may have just added one at the portal), with the certificate this link
// handed over, and only while that is the supplier's current one. Each answer updates the entry's
// `gov-ar`/`registration` record: a live supplier without a usable one still has `point_of_sale` pending.
import { ApiError, authorityUnavailable } from '@/lib/api/errors';
import { AuthorityError } from '@/lib/authority/authority-error';
import type { PuntoDeVenta } from '@/lib/authority/wsfe-client';
import { getActiveCredential } from '@/lib/gov-ar/credentials';
import { isUsable, queryPointsOfSale } from '@/lib/gov-ar/points-of-sale';
import { loadRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';
import { trackRegistrationNow } from '@/lib/gov-ar/registration/track';
import type { PointsOfSale } from '@/lib/responses/gov-ar';

export async function pointsOfSaleForLink(ref: string): Promise<PointsOfSale> {
  const registration = await loadRegistration(ref);
  const points = await askForLink(registration);
  return {
    environment: registration.environment,
    // In the sandbox any number may be used; in live only these.
    any_number_allowed: registration.environment === 'sandbox',
    list: points.map((point) => ({
      number: point.number,
      emission_type: point.emissionType,
      blocked: point.blocked,
      dropped_on: point.droppedOn,
    })),
  };
}

/** Right after an accepted live upload: records whether a point of sale is there; an unavailable authority leaves it pending. */
export async function checkPointsOfSale(registration: RegistrationContext, companyConfirmed: boolean): Promise<void> {
  try {
    const points = await queryPointsOfSale((await getActiveCredential(registration.entry.id))!);
    await trackRegistrationNow(registration, {
      companyConfirmed,
      certificateAccepted: true,
      pointOfSaleUsable: points.some(isUsable),
    });
  } catch (error) {
    if (!(error instanceof AuthorityError)) throw error;
    console.warn(`[gov-ar] points of sale unavailable after the upload: ${error.message}`);
  }
}

async function askForLink(registration: RegistrationContext): Promise<PuntoDeVenta[]> {
  const credential = await getActiveCredential(registration.entry.id);
  // An old link must not go on asking the authority with whatever certificate the supplier has now.
  if (credential?.jobId !== registration.job.id) {
    if (registration.open) {
      throw new ApiError(
        'registration_incomplete',
        'Upload the certificate first: the points of sale are asked with it.',
      );
    }
    throw new ApiError(
      'link_used',
      "This registration is no longer the supplier's current one; the link cannot be used again.",
    );
  }
  let points: PuntoDeVenta[];
  try {
    points = await queryPointsOfSale(credential);
  } catch (error) {
    if (!(error instanceof AuthorityError)) throw error;
    console.warn(`[gov-ar] points of sale unavailable: ${error.message}`);
    throw authorityUnavailable();
  }
  await trackRegistrationNow(registration, {
    companyConfirmed: registration.progress?.company != null,
    certificateAccepted: true,
    pointOfSaleUsable: points.some(isUsable),
  });
  return points;
}
