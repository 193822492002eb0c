// A calculated type T (tourism) invoice as WSCT's `autorizarComprobante` asks for it (manual v1.6.4,
// `ComprobanteType`, fields in the schema's order): the receiver (document, VAT condition, country, address),
// the issuer's relation to it, one item per line and per discount (importeItem with its VAT, VAT 5 = 21%
// only), the VAT subtotal, and the refund of the lodging items' VAT as a negative importeReintegro, so that
// importeTotal = importeGravado + IVA + importeReintegro + importeOtrosTributos (validation 369). The number
// is the caller's, given under the sequence lock. Anything WSCT cannot carry is a WsctMappingError naming
// the field.
import { Amount } from '@/lib/gobl/num';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { ARGENTINE_COUNTRY_CODES, AUTHORITY_COUNTRY } from '@/lib/ar/arca/country-codes';
import {
  CHARGE_KEY_VAT_REFUND,
  DOC_TYPES_T,
  EXT_DOC_TYPE,
  EXT_IDENTITY_TYPE,
  EXT_TAX_TYPE,
  EXT_TOURISM_ITEM,
  EXT_TOURISM_TYPE,
  EXT_VAT_STATUS,
  TAX_TYPES,
  TOURISM_ITEMS_REFUNDED,
  TOURISM_VAT_RATE,
} from '@/lib/ar/arca/extensions';
import { WSFE_CURRENCY } from '@/lib/ar/arca/wsfe-detail';
import { WsctMappingError } from '@/lib/ar/arca/wsct-mapping-error';

/** WSCT's item types (`consultarTiposItem`): a line, and a discount. */
const WSCT_ITEM_GENERAL = 0;
const WSCT_ITEM_DISCOUNT = 99;
/** The receiver documents WSCT takes (validation 353): CUIT, foreign identity card, passport, DNI. */
const WSCT_DOCUMENT_TYPES = [80, 91, 94, 96];
/** Relations to a tourist (1, 5) take any of them; to an agency (2, 3, 4, 6), a CUIT only (353). */
const RELATIONS_WITH_TOURIST = [1, 5];
/** Relations with a resident agency (2, 6): the receiver is in Argentina; any other is abroad (355). */
const RELATIONS_IN_ARGENTINA = [2, 6];
/** Points of sale WSCT numbers (`NumeroPuntoVentaSimpleType`). */
const MAX_WSCT_POINT_OF_SALE = 9999;
const MAX_ADDRESS = 300;

export interface WsctItem {
  tipo: number;
  codigoTurismo: number;
  descripcion: string;
  codigoAlicuotaIVA: number;
  importeIVA: string;
  importeItem: string;
}

export interface WsctComprobante {
  codigoTipoComprobante: number;
  numeroPuntoVenta: number;
  numeroComprobante: number;
  fechaEmision: string;
  codigoTipoAutorizacion: 'E';
  codigoTipoDocumento: number;
  numeroDocumento: string;
  idImpositivo: string;
  codigoPais: number;
  domicilioReceptor: string;
  codigoRelacionEmisorReceptor: number;
  importeGravado: string;
  importeOtrosTributos?: string;
  importeReintegro: string;
  importeTotal: string;
  codigoMoneda: string;
  cotizacionMoneda: string;
  arrayItems: { item: WsctItem[] };
  arrayComprobantesAsociados?: {
    comprobanteAsociado: { codigoTipoComprobante: number; numeroPuntoVenta: number; numeroComprobante: number }[];
  };
  arrayOtrosTributos?: {
    otroTributo: { codigo: number; descripcion: string; baseImponible?: string; importe: string }[];
  };
  arraySubtotalesIVA: { subtotalIVA: { codigo: number; importe: string }[] };
}

const cents = (amount: Amount) => amount.rescale(2);
const VAT_FACTOR = Amount.parse('0.21');

/** An amount and its 21% VAT: the VAT inside it when prices include VAT, on top of it when not. */
function withVat(amount: Amount, pricesIncludeVat: boolean): { item: Amount; vat: Amount } {
  if (pricesIncludeVat) {
    const item = cents(amount);
    return { item, vat: cents(item.multiply(Amount.of(21, 0)).divide(Amount.of(121, 0))) };
  }
  const net = cents(amount);
  const vat = cents(net.multiply(VAT_FACTOR));
  return { item: net.add(vat), vat };
}

function wsctDocType(invoice: CalculableInvoice): number {
  const docType = invoice.tax?.ext?.[EXT_DOC_TYPE] ?? '';
  if (!DOC_TYPES_T.includes(docType))
    throw new WsctMappingError(
      `WSCT issues type T documents (195-197), not ${docType || 'none'}`,
      `tax.ext.${EXT_DOC_TYPE}`,
    );
  return Number(docType);
}

function relationOf(invoice: CalculableInvoice): number {
  const relation = Number(invoice.tax?.ext?.[EXT_TOURISM_TYPE]);
  if (!relation)
    throw new WsctMappingError(`a tourism invoice needs "${EXT_TOURISM_TYPE}"`, `tax.ext.${EXT_TOURISM_TYPE}`);
  return relation;
}

/** codigoTipoDocumento / numeroDocumento (353); a passport or foreign card number may hold letters (312, 315). */
function receiverDocument(invoice: CalculableInvoice, relation: number) {
  const customer = invoice.customer;
  if (!customer) throw new WsctMappingError('a tourism invoice needs its customer', 'customer');
  let document: { codigoTipoDocumento: number; numeroDocumento: string } | undefined;
  if (customer.tax_id?.country === 'AR' && customer.tax_id.code) {
    document = { codigoTipoDocumento: 80, numeroDocumento: customer.tax_id.code.replace(/\D/g, '') };
  } else {
    const identity = customer.identities?.find((candidate) => candidate.ext?.[EXT_IDENTITY_TYPE]);
    if (identity?.code) {
      document = { codigoTipoDocumento: Number(identity.ext![EXT_IDENTITY_TYPE]), numeroDocumento: identity.code };
    }
  }
  if (!document || !WSCT_DOCUMENT_TYPES.includes(document.codigoTipoDocumento)) {
    throw new WsctMappingError(
      `WSCT names the receiver by CUIT (an Argentine tax_id) or by an identity with "${EXT_IDENTITY_TYPE}" 91, 94 or 96`,
      'customer.identities',
    );
  }
  if (!RELATIONS_WITH_TOURIST.includes(relation) && document.codigoTipoDocumento !== 80) {
    throw new WsctMappingError(
      `with "${EXT_TOURISM_TYPE}" ${relation} (an agency) the receiver is named by its CUIT`,
      'customer.tax_id',
    );
  }
  return document;
}

function receiverPlace(invoice: CalculableInvoice, relation: number) {
  const address = invoice.customer?.addresses?.[0];
  if (!address) throw new WsctMappingError('the customer of a tourism invoice needs an address', 'customer.addresses');
  const iso = address.country ?? '';
  const codigoPais = AUTHORITY_COUNTRY[iso.toUpperCase()];
  if (!codigoPais) {
    throw new WsctMappingError(
      `no authority country code is mapped for "${iso}" (mapped: ${Object.keys(AUTHORITY_COUNTRY).join(', ')})`,
      'customer.addresses.0.country',
    );
  }
  const inArgentina = ARGENTINE_COUNTRY_CODES.includes(codigoPais);
  if (RELATIONS_IN_ARGENTINA.includes(relation) !== inArgentina) {
    throw new WsctMappingError(
      `with "${EXT_TOURISM_TYPE}" ${relation} the receiver is ${inArgentina ? 'abroad' : 'in Argentina'}`,
      'customer.addresses.0.country',
    );
  }
  const domicilio = [address.street, address.num, address.locality, address.region, address.code]
    .filter(Boolean)
    .join(', ');
  if (!domicilio) throw new WsctMappingError('the customer address has no street or locality', 'customer.addresses.0');
  return { codigoPais, domicilioReceptor: domicilio.slice(0, MAX_ADDRESS) };
}

function tourismCode(ext: Record<string, string> | undefined, field: string): number {
  const code = Number(ext?.[EXT_TOURISM_ITEM]);
  if (!code) throw new WsctMappingError(`WSCT needs each item's "${EXT_TOURISM_ITEM}"`, `${field}.${EXT_TOURISM_ITEM}`);
  return code;
}

function items(invoice: CalculableInvoice): WsctItem[] {
  const included = invoice.tax?.prices_include === 'VAT';
  const lines = (invoice.lines ?? []).map((line, at) => {
    const vat = line.taxes?.find((combo) => combo.cat === 'VAT');
    if (!vat || vat.ext?.['ar-arca-vat-rate'] !== TOURISM_VAT_RATE) {
      throw new WsctMappingError('WSCT takes VAT at 21% (code 5) only', `lines.${at}.taxes`);
    }
    if (!line.item.name) throw new WsctMappingError('WSCT needs each item described (404)', `lines.${at}.item.name`);
    const { item, vat: iva } = withVat(Amount.parse(String(line.total ?? line.sum)), included);
    return {
      tipo: WSCT_ITEM_GENERAL,
      codigoTurismo: tourismCode(vat.ext, `lines.${at}.taxes.0.ext`),
      descripcion: line.item.name,
      codigoAlicuotaIVA: Number(TOURISM_VAT_RATE),
      importeIVA: iva.toString(),
      importeItem: item.toString(),
    };
  });
  const discounts = (invoice.discounts ?? []).map((discount, at) => {
    const { item, vat } = withVat(Amount.parse(String(discount.amount)), included);
    return {
      tipo: WSCT_ITEM_DISCOUNT,
      codigoTurismo: tourismCode(discount.ext, `discounts.${at}.ext`),
      descripcion: discount.reason ?? 'Descuento',
      codigoAlicuotaIVA: Number(TOURISM_VAT_RATE),
      importeIVA: vat.negate().toString(),
      importeItem: item.negate().toString(),
    };
  });
  return [...lines, ...discounts];
}

/** Tax charges are `otrosTributos`; the refund charge is importeReintegro; WSCT has no place for any other. */
function otherTaxes(invoice: CalculableInvoice) {
  return (invoice.charges ?? []).flatMap((charge, at) => {
    if (charge.key === CHARGE_KEY_VAT_REFUND) return [];
    const type = charge.ext?.[EXT_TAX_TYPE];
    if (!type) throw new WsctMappingError('WSCT carries tax charges (with "ar-arca-tax-type") only', `charges.${at}`);
    return [
      {
        codigo: Number(type),
        descripcion: (charge.reason ?? TAX_TYPES[type] ?? '').slice(0, 50),
        ...(charge.base ? { baseImponible: cents(Amount.parse(charge.base)).toString() } : {}),
        importe: cents(Amount.parse(String(charge.amount))).toString(),
      },
    ];
  });
}

function currencyOf(invoice: CalculableInvoice) {
  const currency = invoice.currency ?? 'ARS';
  const codigoMoneda = WSFE_CURRENCY[currency];
  if (!codigoMoneda) throw new WsctMappingError(`no authority currency code is mapped for ${currency}`, 'currency');
  if (currency === 'ARS') return { codigoMoneda, cotizacionMoneda: '1' };
  const direct = invoice.exchange_rates?.find((rate) => rate.from === currency && rate.to === 'ARS');
  const inverse = invoice.exchange_rates?.find((rate) => rate.from === 'ARS' && rate.to === currency);
  const rate = direct
    ? Amount.parse(direct.amount).rescale(6)
    : inverse
      ? Amount.of(1, 6).divide(Amount.parse(inverse.amount))
      : undefined;
  if (!rate || rate.isZero())
    throw new WsctMappingError(`an invoice in ${currency} needs its exchange rate to ARS`, 'exchange_rates');
  return { codigoMoneda, cotizacionMoneda: rate.toString() };
}

function associated(invoice: CalculableInvoice, docType: number) {
  const preceding = invoice.preceding ?? [];
  if (docType === 195 && preceding.length > 0)
    throw new WsctMappingError('a type T invoice (195) names no preceding documents', 'preceding');
  if (docType !== 195 && preceding.length === 0)
    throw new WsctMappingError('a type T debit or credit note names the document it corrects', 'preceding');
  if (preceding.length === 0) return {};
  return {
    arrayComprobantesAsociados: {
      comprobanteAsociado: preceding.map((ref) => ({
        codigoTipoComprobante: Number(ref.ext?.[EXT_DOC_TYPE]),
        numeroPuntoVenta: Number(ref.series),
        numeroComprobante: Number(ref.code),
      })),
    },
  };
}

export function toWsctComprobante(invoice: CalculableInvoice, numeroComprobante: number): WsctComprobante {
  const codigoTipoComprobante = wsctDocType(invoice);
  const pointOfSale = Number(invoice.series);
  if (!Number.isInteger(pointOfSale) || pointOfSale < 1 || pointOfSale > MAX_WSCT_POINT_OF_SALE)
    throw new WsctMappingError(`WSCT numbers points of sale 1 to ${MAX_WSCT_POINT_OF_SALE}`, 'series');
  const relation = relationOf(invoice);
  const lines = items(invoice);
  const zero = Amount.zero(2);
  const vat = lines.reduce((sum, item) => sum.add(Amount.parse(item.importeIVA)), zero);
  const gross = lines.reduce((sum, item) => sum.add(Amount.parse(item.importeItem)), zero);
  const refund = lines
    .filter((item) => TOURISM_ITEMS_REFUNDED.includes(String(item.codigoTurismo)))
    .reduce((sum, item) => sum.add(Amount.parse(item.importeIVA)), zero)
    .negate();
  const tributos = otherTaxes(invoice);
  const tributosTotal = tributos.reduce((sum, tributo) => sum.add(Amount.parse(tributo.importe)), zero);
  const gravado = gross.subtract(vat);
  const total = gravado.add(vat).add(refund).add(tributosTotal);
  const payable = (invoice.totals as { payable?: string } | undefined)?.payable;
  if (!payable) throw new WsctMappingError('the invoice was never calculated: prepare it first', 'totals');
  if (!Amount.parse(payable).equals(total)) {
    throw new WsctMappingError(
      `the voucher's total would be ${total}, its parts rounded as WSCT adds them, not the invoice's payable ${payable}`,
      'totals.payable',
    );
  }
  return {
    codigoTipoComprobante,
    numeroPuntoVenta: pointOfSale,
    numeroComprobante,
    fechaEmision: invoice.issue_date,
    codigoTipoAutorizacion: 'E',
    ...receiverDocument(invoice, relation),
    idImpositivo: invoice.customer?.ext?.[EXT_VAT_STATUS] ?? '',
    ...receiverPlace(invoice, relation),
    codigoRelacionEmisorReceptor: relation,
    importeGravado: gravado.toString(),
    ...(tributos.length > 0 ? { importeOtrosTributos: tributosTotal.toString() } : {}),
    importeReintegro: refund.toString(),
    importeTotal: total.toString(),
    ...currencyOf(invoice),
    arrayItems: { item: lines },
    ...associated(invoice, codigoTipoComprobante),
    ...(tributos.length > 0 ? { arrayOtrosTributos: { otroTributo: tributos } } : {}),
    arraySubtotalesIVA: { subtotalIVA: [{ codigo: Number(TOURISM_VAT_RATE), importe: vat.toString() }] },
  };
}

/** The store's check: a type T invoice that WSCT could not carry, refused by its field; {} for other types. */
export function wsctRefusals(invoice: CalculableInvoice): Record<string, string> {
  if (!DOC_TYPES_T.includes(invoice.tax?.ext?.[EXT_DOC_TYPE] ?? '')) return {};
  try {
    toWsctComprobante(invoice, 1);
    return {};
  } catch (error) {
    if (error instanceof WsctMappingError) return { [error.field]: error.message };
    throw error;
  }
}
