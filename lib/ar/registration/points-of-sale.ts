// The points of sale the authority reports for a registered supplier (FEParamGetPtosVenta), asked
// with the supplier's own certificate and the shared ticket cache.
import { ApiError } from '../../api/errors';
import { AuthorityError } from '../authority-error';
import { getActiveCredential, openCredential } from '../credentials';
import { authorityTicket } from '../tickets';
import { feParamGetPtosVenta } from '../wsfe';
import { loadRegistration } from './context';

export async function listPointsOfSale(ref: string) {
  const registration = await loadRegistration(ref);
  const credential = await getActiveCredential(registration.entry.id);
  if (!credential) {
    throw new ApiError('registration_incomplete', 'Upload the certificate first: the points of sale are asked with it.');
  }
  try {
    const opened = await openCredential(credential);
    const ticket = await authorityTicket(opened, 'wsfe');
    const points = await feParamGetPtosVenta(registration.environment, { token: ticket.token, sign: ticket.sign, cuit: credential.cuit });
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
    throw new ApiError('authority_unavailable', 'The tax authority did not answer; try again in a few minutes.', undefined, { 'retry-after': '30' });
  }
}
