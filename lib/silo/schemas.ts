// Request schemas of silo/v1.
import { z } from 'zod';
import { ListQuery } from '@/lib/api/pagination';
import { ENVELOPE_FOLDER, InvoiceEnvelopeSchema } from '@/lib/silo/envelope';
import { PartySchema } from '@/lib/silo/party';

/** `Expired`: registered, but the certificate has run out (a renewal makes it `Registered` again). */
export const ENTRY_STATUSES = ['Empty', 'Processing', 'Registered', 'Error', 'Expired'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** A registration of an entry that already has a certificate (in use, or run out) is a renewal. */
export const isRenewal = (entry: { status: string }) => entry.status === 'Registered' || entry.status === 'Expired';

const EntryKey = z.string().trim().min(1).max(200);

export const SupplierEntryBody = z.strictObject({
  folder: z.literal('suppliers'),
  key: EntryKey.optional(),
  data: PartySchema,
});

/** An invoice envelope; the rules for storing one (registered supplier, point of sale) are lib/gov-ar/invoices. */
export const InvoiceEntryBody = z.strictObject({
  folder: z.literal(ENVELOPE_FOLDER),
  key: EntryKey.optional(),
  data: InvoiceEnvelopeSchema,
});

export const EntryBody = z.discriminatedUnion('folder', [SupplierEntryBody, InvoiceEntryBody], {
  error: (issue) => (issue.code === 'invalid_union' ? `folder must be "suppliers" or "${ENVELOPE_FOLDER}"` : undefined),
});
export type EntryBody = z.output<typeof EntryBody>;

export const EntryListQuery = ListQuery.extend({ folder: z.string().min(1).max(100).optional() });

export const EntryIdParams = z.object({ id: z.uuid() });
