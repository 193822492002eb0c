// What the console reads off an invoice entry (a GOBL envelope as the `invoices` folder stores it): its
// voucher type and number, total, the authority's stamps (CAE, its expiry), its errors and observations
// (meta records), its PDF, and whether it may be issued now.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { MetaRecord } from '@/lib/console/types';

/** The `ar-invoice` template's name (lib/gov-ar/invoices/issuing-workflow.ts, which is server code). */
export const INVOICE_TEMPLATE = 'ar-invoice';

export interface InvoiceEntry {
  id: string;
  folder: string;
  key?: string;
  status: string;
  data: {
    head?: { stamps?: { prv: string; val: string }[] };
    doc?: {
      type?: string;
      series?: string;
      code?: string;
      issue_date?: string;
      currency?: string;
      supplier?: { name?: string; tax_id?: { code?: string } };
      customer?: { name?: string };
      tax?: { ext?: Record<string, string> };
      totals?: { payable?: string; total_with_tax?: string };
    };
  };
  meta: MetaRecord[];
  created_at: string;
  updated_at: string;
}

export interface AuthorityNote {
  code: string | number;
  message: string;
}

const DOC_KINDS: Record<string, string> = {
  standard: 'Invoice',
  'credit-note': 'Credit note',
  'debit-note': 'Debit note',
};
/** Letters whose vouchers the authority names apart: exports (E, WSFEX) and tourism (T, WSCT). */
const LETTER_KINDS: Record<string, string> = { E: 'Export', T: 'Tourism' };

/** `Invoice B`, `Export credit note E`, `Tourism invoice T`. */
function kindName(type: string, letter: string | undefined): string {
  const kind = DOC_KINDS[type] ?? 'Invoice';
  const named = letter && LETTER_KINDS[letter] ? `${LETTER_KINDS[letter]} ${kind.toLowerCase()}` : kind;
  return [named, letter].filter(Boolean).join(' ');
}

/** The voucher types the console names and filters by: the authority's CbteTipo, its GOBL type and letter. */
const VOUCHER_TYPES: [code: string, type: string, letter: string][] = [
  ['1', 'standard', 'A'],
  ['2', 'debit-note', 'A'],
  ['3', 'credit-note', 'A'],
  ['6', 'standard', 'B'],
  ['7', 'debit-note', 'B'],
  ['8', 'credit-note', 'B'],
  ['11', 'standard', 'C'],
  ['12', 'debit-note', 'C'],
  ['13', 'credit-note', 'C'],
  ['51', 'standard', 'M'],
  ['52', 'debit-note', 'M'],
  ['53', 'credit-note', 'M'],
  ['19', 'standard', 'E'],
  ['20', 'debit-note', 'E'],
  ['21', 'credit-note', 'E'],
  ['195', 'standard', 'T'],
  ['196', 'debit-note', 'T'],
  ['197', 'credit-note', 'T'],
];

/** The type filter's choices: `['19', 'Export invoice E (19)']`. */
export const VOUCHER_TYPE_OPTIONS: [code: string, name: string][] = VOUCHER_TYPES.map(([code, type, letter]) => [
  code,
  `${kindName(type, letter)} (${code})`,
]);

const newest = (entry: InvoiceEntry, key: string) =>
  entry.meta.filter((record) => record.src === GOV_AR_SRC && record.key === key).at(-1);

/** `Invoice B`, `Credit note A`, `Export invoice E`: what kind of voucher, by its letter. */
export function voucherKind(entry: InvoiceEntry): string {
  const doc = entry.data.doc;
  return kindName(doc?.type ?? 'standard', doc?.tax?.ext?.['ar-arca-doc-letter']);
}

/** The authority's voucher type code (CbteTipo), as the store normalised it. */
export const voucherTypeCode = (entry: InvoiceEntry) => entry.data.doc?.tax?.ext?.['ar-arca-doc-type'];

/** The point of sale as printed: `00001`. */
function pointOfSale(entry: InvoiceEntry): string | undefined {
  const series = entry.data.doc?.series;
  return series ? series.padStart(5, '0') : undefined;
}

/** The number the authority authorised (8 digits), once the invoice is Sent. */
export const voucherNumber = (entry: InvoiceEntry) => (entry.status === 'Sent' ? entry.data.doc?.code : undefined);

/** `00001-00000042`, or the point of sale alone before the authority numbered it. */
export function printedNumber(entry: InvoiceEntry): string {
  const number = voucherNumber(entry);
  return [pointOfSale(entry) ?? '?', number].filter(Boolean).join('-');
}

function stamp(
  entry: InvoiceEntry,
  provider: 'arca-cae' | 'arca-cae-expiry' | 'arca-caea' | 'arca-caea-expiry' | 'arca-qr',
): string | undefined {
  return entry.data.head?.stamps?.find((item) => item.prv === provider)?.val;
}

/** The total to pay, in the invoice's currency: `ARS 1,234.50`. */
export function invoiceTotal(entry: InvoiceEntry): string | undefined {
  const amount = entry.data.doc?.totals?.payable ?? entry.data.doc?.totals?.total_with_tax;
  if (amount === undefined || Number.isNaN(Number(amount))) return undefined;
  const currency = entry.data.doc?.currency ?? 'ARS';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' }).format(
      Number(amount),
    );
  } catch {
    return `${currency} ${amount}`;
  }
}

function notesOf(record: MetaRecord | undefined): AuthorityNote[] {
  if (!Array.isArray(record?.value)) return [];
  return record.value.filter(
    (note): note is AuthorityNote =>
      typeof note === 'object' && note !== null && typeof (note as AuthorityNote).message === 'string',
  );
}

/** The authority's errors on the invoice's last refusal; only while it stands refused (Error). */
export const authorityErrors = (entry: InvoiceEntry) =>
  entry.status === 'Error' ? notesOf(newest(entry, META_KEY.errors)) : [];

/** The authority's observations on the accepted invoice. */
export const authorityObservations = (entry: InvoiceEntry) =>
  entry.status === 'Sent' ? notesOf(newest(entry, META_KEY.observations)) : [];

/**
 * The PDF's address on this console's own origin (the meta record's `link_url` names the public address,
 * which may be another host, where the console's cookie is not sent): every Sent invoice has one, made on
 * its first request.
 */
export function pdfPath(entry: InvoiceEntry): string | undefined {
  return entry.status === 'Sent' ? `/silo/v1/entries/${encodeURIComponent(entry.id)}/pdf` : undefined;
}

/** A page of the console's invoice table (GET /console/invoices/search). */
export interface InvoicePage {
  list: InvoiceEntry[];
  limit: number;
  next_cursor?: string;
  /** The workspace's supplier entry for each CUIT the page's invoices name. */
  supplier_entries: Record<string, string>;
}

/** The authority's code for a Sent invoice: its CAE, or the CAEA it was issued under (contingency). */
export function authorisationOf(
  entry: InvoiceEntry,
): { kind: 'CAE' | 'CAEA'; code: string; expiry?: string } | undefined {
  const caea = stamp(entry, 'arca-caea');
  if (caea) return { kind: 'CAEA', code: caea, expiry: stamp(entry, 'arca-caea-expiry') };
  const cae = stamp(entry, 'arca-cae');
  return cae ? { kind: 'CAE', code: cae, expiry: stamp(entry, 'arca-cae-expiry') } : undefined;
}
