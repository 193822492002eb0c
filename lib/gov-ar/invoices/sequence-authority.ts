// Who speaks to the authority for a sequence's invoices: each workspace with its own certificate and WSAA
// ticket for the sequence's service (a batch carries one workspace's invoices, sent with that workspace's
// credential).
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityTicket } from '@/lib/authority/tickets';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import type { Sequence } from '@/lib/authority/wsfe-vouchers';
import type { InvoiceSequence } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { serviceOfDocType } from '@/lib/ar/services';
import { openCredential } from '@/lib/gov-ar/credentials';
import { getRegisteredSupplierCredential } from '@/lib/gov-ar/invoices/queries';

/** One workspace's voice at the authority for the sequence. */
export interface Authority {
  environment: Environment;
  cuit: string;
  auth: WsfeAuth;
  sequence: Sequence;
}

/** The workspace cannot speak for the CUIT (no registered supplier, a certificate lapsed, revoked or refused). */
export interface Unusable {
  unusable: string;
}

/**
 * Each workspace's authority for the sequence, asked once per sending round. A workspace that cannot speak
 * is `Unusable` (with why); the authority not answering is thrown (`unavailable`), as for every call.
 */
export function authoritiesOf(sequence: InvoiceSequence): (ownerId: string) => Promise<Authority | Unusable> {
  const known = new Map<string, Promise<Authority | Unusable>>();
  return (ownerId) => {
    let authority = known.get(ownerId);
    if (!authority) {
      authority = authorityFor(sequence, ownerId);
      known.set(ownerId, authority);
    }
    return authority;
  };
}

async function authorityFor(sequence: InvoiceSequence, ownerId: string): Promise<Authority | Unusable> {
  const credential = await getRegisteredSupplierCredential(ownerId, sequence.environment, sequence.cuit);
  if (!credential) {
    return {
      unusable: `CUIT ${sequence.cuit} is no longer a registered ${sequence.environment} supplier of this workspace (no active certificate): register it again.`,
    };
  }
  let ticket;
  try {
    ticket = await authorityTicket(await openCredential(credential), serviceOfDocType(sequence.docType));
  } catch (error) {
    // The authority holds a ticket of this certificate that no instance kept (a process died between the
    // authority's answer and our record of it): it gives another once its lockout passes (minutes, not the
    // ticket's hours), so the invoices wait, as while the authority does not answer; the certificate is fine.
    if (error instanceof AuthorityError && error.problem === 'already_authenticated')
      throw new AuthorityError(
        'unavailable',
        'the authority holds a ticket of this certificate that was lost before we kept it, and gives another in a few minutes',
      );
    if (error instanceof AuthorityError && error.problem !== 'unavailable')
      return { unusable: `The authority refused the supplier's certificate (${error.message}): register it again.` };
    throw error;
  }
  return {
    environment: sequence.environment,
    cuit: sequence.cuit,
    auth: { token: ticket.token, sign: ticket.sign, cuit: sequence.cuit },
    sequence: { pointOfSale: sequence.pointOfSale, docType: sequence.docType },
  };
}

export const canSpeak = (authority: Authority | Unusable): authority is Authority => !('unusable' in authority);
