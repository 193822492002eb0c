// The printed export voucher (E, RG 2758) as text, in the language it names (`ar-fex-language`): the issuer,
// the foreign customer (name, address, country, its tax id or the country's CUIT), the operation (destination,
// export type, incoterm, shipping permit, payment form and date, currency and its rate), the items with their
// units, and the total, all from the WSFEX voucher the invoice was issued as, so the PDF, the QR and the
// authority's record agree to the cent. Amounts are formatted from their decimal strings, never floats.
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { toFexRequest, type WsfexVoucher } from '@/lib/ar/arca/wsfex-mapping';
import { WsfexMappingError } from '@/lib/ar/arca/wsfex-mapping-error';
import { UNIT_DISCOUNT, UNIT_NONE } from '@/lib/ar/arca/wsfex-tables';
import type { LineRow } from '@/lib/gov-ar/pdf/amounts-view';
import { EXPORT_LABELS, exportUnitName, type ExportLabels, type ExportLanguage } from '@/lib/gov-ar/pdf/export-labels';
import { formatDate, formatDecimal, formatMoney, formatVoucherNumber } from '@/lib/gov-ar/pdf/format';
import { InvoicePdfError, type InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import { associatedView, type InvoiceView } from '@/lib/gov-ar/pdf/invoice-view';
import type { IssuedVoucher } from '@/lib/gov-ar/pdf/issued-voucher';
import type { LabelledValue } from '@/lib/gov-ar/pdf/labels';
import { supplierView, type Party } from '@/lib/gov-ar/pdf/parties-view';

/** Units whose items carry a total alone (0), an advance (97) or a discount (99): no quantity nor price. */
const TOTAL_ONLY_UNITS = [UNIT_NONE, 97, UNIT_DISCOUNT];

function fexVoucher(issued: IssuedVoucher): WsfexVoucher {
  try {
    return toFexRequest(issued.doc);
  } catch (error) {
    if (error instanceof WsfexMappingError)
      throw new InvoicePdfError('not_calculated', `the export voucher cannot be made: ${error.message}`);
    throw error;
  }
}

/** `1.234,56` as the language writes it: English swaps the grouping point and the decimal comma. */
const inLanguage = (labels: ExportLabels) => (text: string) =>
  labels.decimalPoint ? text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.')) : text;

const countryName = (code: number) => {
  const country = Object.values(COUNTRIES).find((candidate) => Number(candidate.code) === code);
  return country ? `${country.name} (${code})` : String(code);
};

function customerView(issued: IssuedVoucher, voucher: WsfexVoucher, labels: ExportLabels): LabelledValue[] {
  const customer = issued.doc.customer as Party | undefined;
  const iso = (customer?.addresses?.[0]?.country ?? customer?.tax_id?.country)?.toUpperCase();
  const country = iso ? COUNTRIES[iso] : undefined;
  const words = labels.customer;
  const taxCountry = customer?.tax_id?.country;
  return [
    { label: words.name, value: voucher.Cliente },
    { label: words.address, value: voucher.Domicilio_cliente },
    ...(iso ? [{ label: words.country, value: country ? `${country.name} (${iso})` : iso }] : []),
    ...(voucher.Id_impositivo
      ? [{ label: `${words.taxId}${taxCountry ? ` (${taxCountry})` : ''}`, value: voucher.Id_impositivo }]
      : []),
    ...(voucher.Cuit_pais_cliente ? [{ label: words.countryCuit, value: formatCuit(voucher.Cuit_pais_cliente) }] : []),
  ];
}

function operationView(
  issued: IssuedVoucher,
  voucher: WsfexVoucher,
  labels: ExportLabels,
  digits: (text: string) => string,
): LabelledValue[] {
  const words = labels.operation;
  const exportType = String(voucher.Tipo_expo) as keyof ExportLabels['exportTypes'];
  const permit = voucher.Permisos?.Permiso[0]?.Id_permiso;
  const currency = issued.doc.currency ?? 'ARS';
  return [
    { label: words.destination, value: countryName(voucher.Dst_cmp) },
    { label: words.exportType, value: `${exportType} - ${labels.exportTypes[exportType] ?? ''}` },
    ...(voucher.Incoterms ? [{ label: words.incoterm, value: `${voucher.Incoterms} - ${voucher.Incoterms_Ds}` }] : []),
    ...(permit ? [{ label: words.permit, value: permit }] : []),
    ...(voucher.Forma_pago ? [{ label: words.paymentForm, value: voucher.Forma_pago }] : []),
    ...(voucher.Fecha_pago ? [{ label: words.paymentDate, value: formatDate(voucher.Fecha_pago) }] : []),
    { label: words.currency, value: `${currency} (${voucher.Moneda_Id})` },
    { label: words.exchangeRate, value: digits(formatDecimal(voucher.Moneda_ctz, 2, 6)) },
  ];
}

function itemRows(
  voucher: WsfexVoucher,
  language: ExportLanguage,
  digits: (text: string) => string,
  money: (text: string) => string,
): LineRow[] {
  return voucher.Items.Item.map((item) => {
    const totalOnly = TOTAL_ONLY_UNITS.includes(item.Pro_umed);
    return {
      description: [item.Pro_codigo, item.Pro_ds].filter(Boolean).join(' - '),
      quantity: totalOnly ? '' : digits(formatDecimal(item.Pro_qty, 0, 6)),
      unit: exportUnitName(item.Pro_umed, language),
      price: totalOnly ? '' : digits(formatDecimal(item.Pro_precio_uni, 2, 6)),
      discount: /^0*(\.0*)?$/.test(item.Pro_bonificacion) ? '' : money(item.Pro_bonificacion),
      vat: '',
      total: money(item.Pro_total_item),
    };
  });
}

export function exportView(input: InvoicePdfInput, issued: IssuedVoucher): InvoiceView {
  const { doc, cae, caeExpiry, qrUrl } = issued;
  const voucher = fexVoucher(issued);
  const given = String(voucher.Idioma_cbte) as ExportLanguage;
  const language = EXPORT_LABELS[given] ? given : '1';
  const labels = EXPORT_LABELS[language];
  const digits = inLanguage(labels);
  const currency = doc.currency ?? 'ARS';
  const money = (text: string) => digits(formatMoney(text, currency));
  const titleOf = (docType: string) => labels.titles[docType as keyof ExportLabels['titles']];
  const kind = { ...issued.kind, title: titleOf(issued.kind.docType) };
  return {
    kind,
    words: labels.layout,
    number: formatVoucherNumber(voucher.Punto_vta, doc.code!),
    issueDate: formatDate(doc.issue_date),
    supplier: supplierView(input, doc, kind, labels.supplier),
    customer: customerView(issued, voucher, labels),
    operation: operationView(issued, voucher, labels, digits),
    associated: associatedView(doc, {
      titleOf: (associated) => (associated.letter === 'E' ? titleOf(associated.docType) : associated.title),
      dated: labels.dated,
    }),
    legends: [],
    currency,
    discriminatesVat: false,
    pricesWithVat: false,
    lines: itemRows(voucher, language, digits, money),
    tributes: [],
    totals: [{ label: labels.total, value: money(voucher.Imp_total) }],
    cae,
    caeExpiry: formatDate(caeExpiry),
    qrUrl,
  };
}
