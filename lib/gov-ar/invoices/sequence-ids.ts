// A sequence's id by its key (environment, CUIT, point of sale, voucher type), kept once known: a sequence row
// is made once and never deleted or re-keyed, so every invoice after the first skips the read.
import { ensureSequence, type SequenceKey } from '@/lib/gov-ar/invoices/issuance-queries';
import { processSingleton } from '@/lib/process-singleton';

const known = processSingleton('sequence-ids', () => new Map<string, string>());
const KEPT = 10_000;

/** The id of the key's sequence, made when it is the first invoice of it. */
export async function sequenceIdOf(key: SequenceKey): Promise<string> {
  const name = `${key.environment}/${key.cuit}/${key.pointOfSale}/${key.docType}`;
  const cached = known.get(name);
  if (cached) return cached;
  const { id } = await ensureSequence(key);
  if (known.size >= KEPT) known.delete(known.keys().next().value!);
  known.set(name, id);
  return id;
}
