// Invoices as they stand once the authority accepted them, without the authority: a GOBL example (or any
// document) prepared as the store does, then stamped as `gov-ar.send` stamps it, with a number, a
// synthetic CAE and expiry, and the RG 4892 QR built from the voucher that would have been sent.
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { arcaQrDataFor, arcaQrUrl } from '@/lib/ar/arca/qr';
import { toFECAEDetRequest, withNumber } from '@/lib/ar/arca/wsfe-detail';
import type { InvoiceEnvelope } from '@/lib/gov-ar/pdf/input';
import { exampleInput, type Json } from '@/tests/support/gobl-examples';

export interface IssuedInvoice {
  envelope: InvoiceEnvelope;
  number: number;
  cae: string;
  caeExpiry: string;
  qrUrl: string;
}

/** Ten days after the voucher's date, as the authority's answers show. */
const tenDaysAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);

export function issueInvoice(doc: Json, { number = 42, cae = '75123456789012' } = {}): IssuedInvoice {
  const prepared = prepareArcaInvoice({ ...doc, code: undefined }, { path: '' });
  if (!prepared.ok) throw new Error(`the invoice was refused: ${JSON.stringify(prepared.fields)}`);
  const voucher = toFECAEDetRequest(prepared.doc);
  const detail = withNumber(voucher.detail, number);
  const qrUrl = arcaQrUrl(arcaQrDataFor(voucher, detail, prepared.doc.supplier!.tax_id!.code!, cae));
  const caeExpiry = tenDaysAfter(prepared.doc.issue_date);
  return {
    envelope: {
      head: {
        stamps: [
          { prv: 'arca-cae', val: cae },
          { prv: 'arca-cae-expiry', val: caeExpiry },
          { prv: 'arca-qr', val: qrUrl },
        ],
      },
      doc: { ...prepared.doc, code: String(number).padStart(8, '0') },
    },
    number,
    cae,
    caeExpiry,
    qrUrl,
  };
}

export const issueExample = (name: string, options?: { number?: number; cae?: string }) =>
  issueInvoice(exampleInput(name), options);

/** The standard example with `count` lines of goods (a long invoice, to run over pages). */
export function invoiceWithLines(count: number): Json {
  const doc = exampleInput('invoice-ar-arca-standard.json');
  doc.lines = Array.from({ length: count }, (_, at) => ({
    quantity: String((at % 7) + 1),
    item: {
      name: `Artículo de ferretería n.º ${at + 1}: tornillos, tuercas y arandelas galvanizadas`,
      price: `${1000 + at * 37}.50`,
      key: 'goods',
    },
    taxes: [{ cat: 'VAT', rate: at % 3 === 0 ? 'reduced' : 'general' }],
  }));
  return doc;
}
