// The printed tourism voucher (T, WSCT, RG 3971) as text: the issuer, the tourist (name, passport or other
// document, country, address), the tourism facts GOBL carries (the issuer's relation to the receiver, the
// stay, each line's tourism item), the lines with their 21% VAT, and the totals as the WSCT voucher the
// invoice was issued as has them: net, VAT, other taxes, the VAT refunded on lodging, the total.
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import { formatCuit } from '@/lib/ar/cuit-digits';
import {
  EXT_TOURISM_ITEM,
  EXT_VAT_STATUS,
  TOURISM_ITEMS,
  TOURISM_TYPES,
  VAT_RATE_PERCENT,
  VAT_REFUND_REASON,
} from '@/lib/ar/arca/extensions';
import { toWsctComprobante, type WsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { WsctMappingError } from '@/lib/ar/arca/wsct-mapping-error';
import { CATEGORY_VAT } from '@/lib/gobl/regime-ar';
import { documentRows } from '@/lib/gov-ar/pdf/amounts-view';
import { formatDate, formatDecimal, formatMoney, formatPercent, formatVoucherNumber } from '@/lib/gov-ar/pdf/format';
import { InvoicePdfError, type InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import { associatedView, type InvoiceView } from '@/lib/gov-ar/pdf/invoice-view';
import type { IssuedVoucher } from '@/lib/gov-ar/pdf/issued-voucher';
import { documentTypeLabel, receiverConditionLabel, type LabelledValue } from '@/lib/gov-ar/pdf/labels';
import { SPANISH_LAYOUT_WORDS } from '@/lib/gov-ar/pdf/layout-words';
import { addressLine, supplierView, type Party } from '@/lib/gov-ar/pdf/parties-view';

function wsctVoucher(issued: IssuedVoucher): WsctComprobante {
  try {
    return toWsctComprobante(issued.doc, Number(issued.doc.code));
  } catch (error) {
    if (error instanceof WsctMappingError)
      throw new InvoicePdfError('not_calculated', `the tourism voucher cannot be made: ${error.message}`);
    throw error;
  }
}

const countryName = (code: number) =>
  Object.values(COUNTRIES).find((country) => Number(country.code) === code)?.name ?? String(code);

/** The receiver's document as WSCT carries it: a CUIT 30-71234567-1, a DNI 12.345.678, a passport as written. */
function receiverDocument(voucher: WsctComprobante): LabelledValue {
  const label = documentTypeLabel(voucher.codigoTipoDocumento);
  const number = voucher.numeroDocumento;
  if (voucher.codigoTipoDocumento === 80 && number.length === 11) return { label, value: formatCuit(number) };
  if (voucher.codigoTipoDocumento === 96 && /^\d+$/.test(number)) return { label, value: formatDecimal(number, 0) };
  return { label, value: number };
}

function customerView(issued: IssuedVoucher, voucher: WsctComprobante): LabelledValue[] {
  const customer = issued.doc.customer as Party | undefined;
  const status = customer?.ext?.[EXT_VAT_STATUS];
  const address = addressLine(customer?.addresses?.[0]);
  return [
    { label: 'Apellido y nombre / Razón social', value: customer?.name ?? '' },
    receiverDocument(voucher),
    { label: 'País', value: countryName(voucher.codigoPais) },
    ...(status ? [{ label: 'Condición frente al IVA', value: receiverConditionLabel(Number(status)) }] : []),
    ...(address ? [{ label: 'Domicilio', value: address }] : []),
  ];
}

function operationView(issued: IssuedVoucher, voucher: WsctComprobante): LabelledValue[] {
  const relation = String(voucher.codigoRelacionEmisorReceptor);
  const stay = issued.doc.ordering?.period;
  return [
    { label: 'Relación emisor-receptor', value: `${relation} - ${TOURISM_TYPES[relation] ?? ''}` },
    ...(stay ? [{ label: 'Período', value: `${formatDate(stay.start)} al ${formatDate(stay.end)}` }] : []),
  ];
}

/** The tourism item each line is (WSCT's codigoTurismo), after its description. */
function tourismItem(line: NonNullable<IssuedVoucher['doc']['lines']>[number]): string | undefined {
  const code = line.taxes?.find((combo) => combo.cat === CATEGORY_VAT)?.ext?.[EXT_TOURISM_ITEM];
  return code ? `${code} - ${TOURISM_ITEMS[code] ?? ''}` : undefined;
}

function totalsRows(voucher: WsctComprobante, money: (text: string) => string): LabelledValue[] {
  const vat = voucher.arraySubtotalesIVA.subtotalIVA.map((subtotal) => ({
    label: `IVA ${formatPercent(`${VAT_RATE_PERCENT[subtotal.codigo] ?? '?'}%`)}`,
    value: money(subtotal.importe),
  }));
  return [
    { label: 'Importe neto gravado', value: money(voucher.importeGravado) },
    ...vat,
    ...(voucher.importeOtrosTributos
      ? [{ label: 'Importe otros tributos', value: money(voucher.importeOtrosTributos) }]
      : []),
    { label: VAT_REFUND_REASON, value: money(voucher.importeReintegro) },
    { label: 'Importe total', value: money(voucher.importeTotal) },
  ];
}

export function tourismView(input: InvoicePdfInput, issued: IssuedVoucher): InvoiceView {
  const { doc, kind, cae, caeExpiry, qrUrl } = issued;
  const voucher = wsctVoucher(issued);
  const currency = doc.currency ?? 'ARS';
  const money = (text: string) => formatMoney(text, currency);
  // Prices as WSCT's items carry them, VAT included; net ones get their VAT added.
  const addVat = doc.tax?.prices_include !== CATEGORY_VAT;
  const rows = documentRows(doc, currency, addVat, true).map((row, at) => {
    const line = doc.lines?.[at];
    const item = line ? tourismItem(line) : undefined;
    return item ? { ...row, description: `${row.description} (turismo: ${item})` } : row;
  });
  const tributes = voucher.arrayOtrosTributos?.otroTributo ?? [];
  return {
    kind,
    words: SPANISH_LAYOUT_WORDS,
    number: formatVoucherNumber(voucher.numeroPuntoVenta, doc.code!),
    issueDate: formatDate(doc.issue_date),
    supplier: supplierView(input, doc, kind),
    customer: customerView(issued, voucher),
    operation: operationView(issued, voucher),
    associated: associatedView(doc),
    ...(currency === 'ARS'
      ? {}
      : {
          currencyLine: `Moneda: ${currency} (${voucher.codigoMoneda}) · Tipo de cambio: $ ${formatDecimal(voucher.cotizacionMoneda, 2, 6)}`,
        }),
    legends: [],
    currency,
    discriminatesVat: true,
    pricesWithVat: true,
    lines: rows,
    tributes: tributes.map((tributo) => ({
      description: tributo.descripcion,
      base: tributo.baseImponible ? money(tributo.baseImponible) : '',
      rate: '',
      amount: money(tributo.importe),
    })),
    totals: totalsRows(voucher, money),
    cae,
    caeExpiry: formatDate(caeExpiry),
    qrUrl,
  };
}
