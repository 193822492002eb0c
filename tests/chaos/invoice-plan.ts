// What a chaos pass issues, decided up front from the seed: each invoice's workspace, point of sale,
// letter (mostly B to final consumers, some A to a Responsable Inscripto) and amount, and the client-chosen
// ids that make every store and job safe to send again. A few B invoices are over RG 4444's amount with an
// anonymous consumer: since issue 26 the store refuses them (422, before any number). A few others are dated
// yesterday: once their sequence holds a voucher of today the authority refuses them (10016, a date before the
// sequence's last) after they were numbered, so the sender's numbering refusal runs under the chaos, and the
// re-issuer corrects their date in place and issues them again (the contract's way back from a refusal).
// Some are exports (E, in dollars, through WSFEX) and tourism invoices (T, through WSCT): their sequences
// run beside WSFEv1's under the same faults.
import { newId } from '@/lib/ids';
import type { Chance } from '@/tests/chaos/random';

export const POINTS_OF_SALE = [1, 2, 3] as const;
/** The authority's CbteTipo of each letter. */
export const VOUCHER_TYPE = { A: 1, B: 6, E: 19, T: 195 } as const;
export type Letter = keyof typeof VOUCHER_TYPE;

export interface PlannedInvoice {
  index: number;
  /** Which of the pass's workspaces (0 or 1) stores it. */
  workspace: number;
  pointOfSale: number;
  letter: Letter;
  amount: number;
  /** Dated yesterday, until the re-issuer corrects it to today. */
  late: boolean;
  corrected: boolean;
  entryId: string;
  /** Whether the store answered (created or already stored). */
  stored: boolean;
  /** Every job made for the entry (accepted), the first by the issuing client, later ones by the re-issuer. */
  jobIds: string[];
  /** What the client saw go wrong with it (a store or job refused), for the report. */
  refusals: string[];
}

/** ARS before VAT: over RG 4444's $10,000,000 from which a B invoice must name its receiver. */
const OVER_CONSUMER_LIMIT = 10_000_000;

export function planInvoices(chance: Chance, count: number, workspaces: number): PlannedInvoice[] {
  return Array.from({ length: count }, (_, index) => {
    const letter: Letter = chance.chance(0.15) ? 'A' : chance.chance(0.08) ? 'E' : chance.chance(0.08) ? 'T' : 'B';
    const refusable = letter === 'B' && chance.chance(0.05);
    const late = letter === 'B' && !refusable && chance.chance(0.05);
    return {
      index,
      workspace: chance.int(0, workspaces - 1),
      pointOfSale: chance.pick(POINTS_OF_SALE),
      letter,
      amount: refusable ? OVER_CONSUMER_LIMIT : chance.int(1, 500) * 10,
      late,
      corrected: false,
      entryId: newId(),
      stored: false,
      jobIds: [],
      refusals: [],
    };
  });
}

/** A day in Argentina (UTC−3), `daysBack` before today: the authority takes goods dated within five days of it. */
const argentinaDay = (daysBack = 0) =>
  new Date(Date.now() - 3 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);

export function invoiceDocument(invoice: PlannedInvoice, cuit: string) {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    series: String(invoice.pointOfSale),
    issue_date: argentinaDay(invoice.late && !invoice.corrected ? 1 : 0),
    supplier: { name: 'Distribuidora Caos S.A.', tax_id: { country: 'AR', code: cuit } },
    ...LETTER_PARTS[invoice.letter],
    lines: [
      {
        i: 1,
        quantity: '1',
        item: { name: `Artículo ${invoice.index + 1}`, price: `${invoice.amount}.00`, key: 'goods' },
        taxes: [LINE_VAT[invoice.letter]],
      },
    ],
  };
}

/** What each letter adds: A's Responsable Inscripto; E's customer abroad, dollars and terms; T's tourist. */
const LETTER_PARTS: Record<Letter, Record<string, unknown>> = {
  A: {
    tax: { ext: { 'ar-arca-doc-letter': 'A' } },
    customer: {
      name: 'Cliente Responsable Inscripto S.A.',
      tax_id: { country: 'AR', code: '30500010912' },
      ext: { 'ar-arca-vat-status': '1' },
    },
  },
  B: {},
  E: {
    tax: { ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-incoterm': 'FOB' } },
    currency: 'USD',
    exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.5' }],
    payment: { terms: { detail: 'Transferencia a 30 días' } },
    customer: {
      name: 'Importadora del Norte LLC',
      tax_id: { country: 'US', code: '123456789' },
      addresses: [{ street: '123 Market Street', locality: 'San Francisco', code: '94105', country: 'US' }],
      ext: { 'ar-arca-vat-status': '9' },
    },
  },
  T: {
    tax: { ext: { 'ar-arca-doc-letter': 'T', 'ar-arca-tourism-type': '1' } },
    customer: {
      name: 'Turista',
      identities: [{ code: 'AB123456', ext: { 'ar-arca-identity-type': '94' } }],
      addresses: [{ street: 'Calle Mayor 10', locality: 'Madrid', code: '28013', country: 'ES' }],
      ext: { 'ar-arca-vat-status': '9' },
    },
  },
};

/** An export's lines carry no VAT; a tourism line names its tourism item. */
const LINE_VAT: Record<Letter, Record<string, unknown>> = {
  A: { cat: 'VAT', rate: 'general' },
  B: { cat: 'VAT', rate: 'general' },
  E: { cat: 'VAT', key: 'zero' },
  T: { cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '1' } },
};
