// Invoices as they stand once the authority accepted them, without the authority: a GOBL example (or any
// document) prepared as the store does, then stamped as `gov-ar.send` stamps it, with a number, a
// synthetic CAE and expiry, and the RG 4892 QR built from the voucher that would have been sent (WSFEv1's,
// or WSFEX's for an export, WSCT's for tourism).
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { arcaQrDataFor, arcaQrUrl, type ArcaQrData } from '@/lib/ar/arca/qr';
import { toWsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { toFECAEDetRequest, withNumber } from '@/lib/ar/arca/wsfe-detail';
import { toFexRequest } from '@/lib/ar/arca/wsfex-mapping';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
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

function prepared(doc: Json): CalculableInvoice {
  const result = prepareArcaInvoice({ ...doc, code: undefined }, { path: '' });
  if (!result.ok) throw new Error(`the invoice was refused: ${JSON.stringify(result.fields)}`);
  return result.doc;
}

/** The QR of the voucher each web service would have been sent: WSFEv1's detail, WSFEX's Cmp, WSCT's comprobante. */
function qrDataOf(doc: CalculableInvoice, number: number, cae: string): ArcaQrData {
  const letter = doc.tax?.ext?.['ar-arca-doc-letter'];
  const common = { fecha: doc.issue_date, cuit: doc.supplier!.tax_id!.code!, nroCmp: number, tipoCodAut: 'E' as const };
  if (letter === 'E') {
    // An export's receiver is abroad: the QR names no receiver's document.
    const cmp = toFexRequest(doc);
    return {
      ...common,
      ptoVta: cmp.Punto_vta,
      tipoCmp: cmp.Cbte_Tipo,
      importe: cmp.Imp_total,
      moneda: cmp.Moneda_Id,
      ctz: cmp.Moneda_ctz,
      codAut: cae,
    };
  }
  if (letter === 'T') {
    const comprobante = toWsctComprobante(doc, number);
    const digitsOnly = /^\d{1,20}$/.test(comprobante.numeroDocumento);
    return {
      ...common,
      ptoVta: comprobante.numeroPuntoVenta,
      tipoCmp: comprobante.codigoTipoComprobante,
      importe: comprobante.importeTotal,
      moneda: comprobante.codigoMoneda,
      ctz: comprobante.cotizacionMoneda,
      tipoDocRec: comprobante.codigoTipoDocumento,
      ...(digitsOnly ? { nroDocRec: comprobante.numeroDocumento } : {}),
      codAut: cae,
    };
  }
  const voucher = toFECAEDetRequest(doc);
  return arcaQrDataFor(voucher, withNumber(voucher.detail, number), doc.supplier!.tax_id!.code!, cae);
}

export function issueInvoice(doc: Json, { number = 42, cae = '75123456789012' } = {}): IssuedInvoice {
  const calculated = prepared(doc);
  const qrUrl = arcaQrUrl(qrDataOf(calculated, number, cae));
  const caeExpiry = tenDaysAfter(calculated.issue_date);
  return {
    envelope: {
      head: {
        stamps: [
          { prv: 'arca-cae', val: cae },
          { prv: 'arca-cae-expiry', val: caeExpiry },
          { prv: 'arca-qr', val: qrUrl },
        ],
      },
      doc: { ...calculated, code: String(number).padStart(8, '0') },
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
