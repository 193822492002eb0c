// The CAEA points of sale's sequences, made ready ahead: on each, a sequence for each WSFEv1 voucher type the CUIT
// issues (it has a sequence of in our store), with its last number learnt from the authority
// (FECompUltimoAutorizado), so that numbering there needs nothing from the authority when it is down.
import type { Environment } from '@/lib/ar/environments';
import { serviceOfDocType } from '@/lib/ar/services';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import { feCompUltimoAutorizado } from '@/lib/authority/wsfe-vouchers';
import type { InvoiceSequence } from '@/lib/db/schema';
import { learnLastNumber } from '@/lib/gov-ar/contingency/caea-ahead-queries';
import { ensureSequence } from '@/lib/gov-ar/invoices/issuance-queries';

/** The WSFEv1 voucher types of the CUIT's sequences (any point of sale; exports and tourism are not CAEA's). */
const wsfeDocTypes = (sequences: InvoiceSequence[]) =>
  [...new Set(sequences.map((sequence) => sequence.docType))].filter((docType) => serviceOfDocType(docType) === 'wsfe');

const known = (sequences: InvoiceSequence[], pointOfSale: number, docType: number) =>
  sequences.some(
    (sequence) => sequence.pointOfSale === pointOfSale && sequence.docType === docType && sequence.lastNumber !== null,
  );

/** Whether a CAEA point of sale lacks a sequence, or its last number, for a voucher type of the CUIT's. */
export function sequencesUnready(pointsOfSale: number[], sequences: InvoiceSequence[]): boolean {
  const docTypes = wsfeDocTypes(sequences);
  return pointsOfSale.some((pointOfSale) => docTypes.some((docType) => !known(sequences, pointOfSale, docType)));
}

/** Makes them ready (`sequences`: the CUIT's, as read); the authority is asked only for a number we lack. */
export async function readyCaeaSequences(
  { environment, cuit }: { environment: Environment; cuit: string },
  pointsOfSale: number[],
  sequences: InvoiceSequence[],
  auth: () => Promise<WsfeAuth>,
): Promise<void> {
  const docTypes = wsfeDocTypes(sequences);
  for (const pointOfSale of pointsOfSale) {
    for (const docType of docTypes) {
      if (known(sequences, pointOfSale, docType)) continue;
      // Read again: the sender (or the other fortnight, just now) may have made it and learnt its number.
      const sequence = await ensureSequence({ environment, cuit, pointOfSale, docType });
      if (sequence.lastNumber !== null) continue;
      await learnLastNumber(
        sequence.id,
        await feCompUltimoAutorizado(environment, await auth(), { pointOfSale, docType }),
      );
    }
  }
}
