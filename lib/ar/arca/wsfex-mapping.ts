// A calculated type E invoice (19, 20, 21) as WSFEX's FEXAuthorize asks for it (`Cmp`, a ClsFEXRequest),
// without the request's Id and the voucher's number: both are the caller's, given when it sends. GOBL's fields
// where GOBL has them (the customer's name, address, country and tax id; currency and exchange rate; lines,
// units and discounts; payment terms and due date; notes; the preceding voucher of a note); our `ar-fex-*`
// extensions for the rest (wsfex-extensions.ts). What the authority is certain to refuse is refused here, by
// the field to correct, so that the store answers 422 before a number is used.
import { Amount } from '@/lib/gobl/num';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { CONCEPTS, DOC_TYPES_E, EXT_CONCEPT, EXT_DOC_TYPE } from '@/lib/ar/arca/extensions';
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import {
  EXT_COUNTRY,
  EXT_COUNTRY_CUIT,
  EXT_EXPORT_TYPE,
  EXT_INCOTERM,
  EXT_LANGUAGE,
  EXT_PERMIT,
} from '@/lib/ar/arca/wsfex-extensions';
import { EXPORT_TYPE_GOODS, EXPORT_TYPES, INCOTERMS, LANGUAGES, LANGUAGE_SPANISH } from '@/lib/ar/arca/wsfex-tables';
import type { FexRequest } from '@/lib/ar/arca/wsfex-request';
import { exportItems, exportTotal } from '@/lib/ar/arca/wsfex-items';
import { WsfexMappingError } from '@/lib/ar/arca/wsfex-mapping-error';
import { WSFE_CURRENCY } from '@/lib/ar/arca/wsfe-detail';

/** What FEXAuthorize needs of one invoice but the request's Id and the voucher's number. */
export type WsfexVoucher = Omit<FexRequest, 'Id' | 'Cbte_nro'>;

const INVOICE = '19';
const yyyymmdd = (date: string) => date.replaceAll('-', '');
const digits = (code: string | undefined) => (code ?? '').replace(/\D/g, '');
const ext = (invoice: CalculableInvoice) => invoice.tax?.ext ?? {};
const extPath = (key: string) => `tax.ext.${key}`;
/** 16 characters: 5 digits (year and customs office), 2 letters, 2 letters or digits, 6 digits, a check letter. */
const PERMIT = /^\d{5}[A-Z]{2}[A-Z0-9]{2}\d{6}[A-Z]$/;

/** The voucher with the request's Id and its number, once the caller has them. */
export const withExportNumber = (voucher: WsfexVoucher, id: number, number: number): FexRequest => ({
  Id: id,
  ...voucher,
  Cbte_nro: number,
});

export function toFexRequest(invoice: CalculableInvoice): WsfexVoucher {
  const docType = ext(invoice)[EXT_DOC_TYPE];
  if (!docType || !DOC_TYPES_E.includes(docType)) {
    throw new WsfexMappingError(
      extPath(EXT_DOC_TYPE),
      `WSFEX issues types 19, 20 and 21 (E), not ${docType ?? 'none'}`,
    );
  }
  const exportType = exportTypeOf(invoice);
  const country = destinationOf(invoice);
  const items = exportItems(invoice);
  const isInvoice = docType === INVOICE;
  const incoterm = incotermOf(invoice, isInvoice && exportType === EXPORT_TYPE_GOODS);
  return {
    Fecha_cbte: yyyymmdd(invoice.issue_date),
    Cbte_Tipo: Number(docType),
    Punto_vta: Number(invoice.series),
    Tipo_expo: Number(exportType),
    ...permitsOf(invoice, isInvoice && exportType === EXPORT_TYPE_GOODS, country),
    Dst_cmp: country,
    ...customerOf(invoice),
    ...currencyOf(invoice),
    Imp_total: exportTotal(invoice, items),
    ...notesOf(invoice),
    ...associatedOf(invoice, isInvoice),
    ...(isInvoice ? { Forma_pago: paymentFormOf(invoice) } : {}),
    ...(incoterm ? { Incoterms: incoterm, Incoterms_Ds: INCOTERMS[incoterm] } : {}),
    Idioma_cbte: Number(languageOf(invoice)),
    Items: { Item: items },
    ...(isInvoice ? paymentDateOf(invoice, exportType !== EXPORT_TYPE_GOODS) : {}),
  };
}

function exportTypeOf(invoice: CalculableInvoice): string {
  const given = ext(invoice)[EXT_EXPORT_TYPE];
  if (given !== undefined) {
    if (!EXPORT_TYPES[given]) {
      throw new WsfexMappingError(
        extPath(EXT_EXPORT_TYPE),
        `the export type is 1 (goods), 2 (services) or 4 (other), not "${given}"`,
      );
    }
    return given;
  }
  const concept = ext(invoice)[EXT_CONCEPT] ?? CONCEPTS.goods;
  if (concept === CONCEPTS.goods || concept === CONCEPTS.services) return concept;
  throw new WsfexMappingError(
    extPath(EXT_EXPORT_TYPE),
    'goods and services together (concept 3) are not an export type: say which with ar-fex-export-type (1 goods, 2 services, 4 other)',
  );
}

/** Dst_cmp: our extension's code, else the authority's code of the customer's address (or tax id) country. */
function destinationOf(invoice: CalculableInvoice): number {
  const given = ext(invoice)[EXT_COUNTRY];
  if (given !== undefined) {
    if (!/^\d{3}$/.test(given)) {
      throw new WsfexMappingError(
        extPath(EXT_COUNTRY),
        `the destination is the authority's 3-digit country code, not "${given}"`,
      );
    }
    return Number(given);
  }
  const customer = invoice.customer;
  const iso = customer?.addresses?.[0]?.country ?? customer?.tax_id?.country;
  if (!iso) {
    throw new WsfexMappingError(
      'customer.addresses.0.country',
      `an export names its destination country: give the customer's address a country, or ${EXT_COUNTRY}`,
    );
  }
  const country = COUNTRIES[iso.toUpperCase()];
  if (!country) {
    throw new WsfexMappingError(
      extPath(EXT_COUNTRY),
      `no authority country code is mapped for ${iso}: give the destination's 3-digit code in ${EXT_COUNTRY}`,
    );
  }
  return Number(country.code);
}

function incotermOf(invoice: CalculableInvoice, required: boolean): string | undefined {
  const given = ext(invoice)[EXT_INCOTERM]?.toUpperCase();
  if (given === undefined) {
    if (required) {
      throw new WsfexMappingError(
        extPath(EXT_INCOTERM),
        'an export invoice of goods names its incoterm (FOB, CIF, EXW...)',
      );
    }
    return undefined;
  }
  if (!INCOTERMS[given]) {
    throw new WsfexMappingError(
      extPath(EXT_INCOTERM),
      `unknown incoterm "${given}": one of ${Object.keys(INCOTERMS).join(', ')}`,
    );
  }
  return given;
}

/** Permiso_existente and Permisos: only an invoice of goods says whether it has its customs permit yet. */
function permitsOf(invoice: CalculableInvoice, goodsInvoice: boolean, country: number) {
  const permit = ext(invoice)[EXT_PERMIT];
  if (!goodsInvoice) {
    if (permit !== undefined) {
      throw new WsfexMappingError(
        extPath(EXT_PERMIT),
        'only an export invoice of goods (19, export type 1) carries a shipping permit',
      );
    }
    return { Permiso_existente: '' as const };
  }
  if (permit === undefined) return { Permiso_existente: 'N' as const };
  if (!PERMIT.test(permit)) {
    throw new WsfexMappingError(
      extPath(EXT_PERMIT),
      `a shipping permit has the form 99999AAXX999999A, not "${permit}"`,
    );
  }
  return { Permiso_existente: 'S' as const, Permisos: { Permiso: [{ Id_permiso: permit, Dst_merc: country }] } };
}

function customerOf(invoice: CalculableInvoice) {
  const customer = invoice.customer;
  if (!customer) throw new WsfexMappingError('customer', 'an export voucher names its customer');
  if (!customer.name?.trim()) throw new WsfexMappingError('customer.name', "the customer's name (Cliente) is required");
  if (customer.name.length > 200) throw new WsfexMappingError('customer.name', 'at most 200 characters (1651)');
  const address = customer.addresses?.[0];
  const street = [address?.street, address?.num].filter(Boolean).join(' ');
  const parts = [street, address?.street_extra, address?.locality, address?.region, address?.code, address?.country];
  const domicile = parts.filter((part) => part?.trim()).join(', ');
  if (!domicile)
    throw new WsfexMappingError('customer.addresses', "the customer's address (Domicilio_cliente) is required");
  if (domicile.length > 300)
    throw new WsfexMappingError('customer.addresses.0', 'the address is at most 300 characters (1661)');

  const countryCuit = digits(customer.ext?.[EXT_COUNTRY_CUIT]);
  const argentine = customer.tax_id?.country === 'AR' ? digits(customer.tax_id.code) : '';
  const foreignId = customer.tax_id?.country !== 'AR' ? customer.tax_id?.code?.trim() : undefined;
  if (customer.ext?.[EXT_COUNTRY_CUIT] !== undefined && countryCuit.length !== 11) {
    throw new WsfexMappingError(
      `customer.ext.${EXT_COUNTRY_CUIT}`,
      "a country's CUIT has 11 digits (FEXGetPARAM_DST_CUIT)",
    );
  }
  if (!countryCuit && !argentine && !foreignId) {
    throw new WsfexMappingError(
      'customer.tax_id',
      `the customer's tax id (Id_impositivo) or its country's CUIT (customer.ext.${EXT_COUNTRY_CUIT}) is required (1580)`,
    );
  }
  if (foreignId && foreignId.length > 50) throw new WsfexMappingError('customer.tax_id.code', 'at most 50 characters');
  return {
    Cliente: customer.name.trim(),
    ...(countryCuit || argentine ? { Cuit_pais_cliente: countryCuit || argentine } : {}),
    Domicilio_cliente: domicile,
    ...(foreignId ? { Id_impositivo: foreignId } : {}),
  };
}

/** Moneda_Id and Moneda_ctz (N4,6): pesos at 1; another currency at its rate to ARS, which must be given. */
function currencyOf(invoice: CalculableInvoice): Pick<FexRequest, 'Moneda_Id' | 'Moneda_ctz'> {
  const currency = invoice.currency ?? 'ARS';
  const monId = WSFE_CURRENCY[currency];
  if (!monId) {
    throw new WsfexMappingError(
      'currency',
      `no authority currency code is mapped for ${currency}: one of ${Object.keys(WSFE_CURRENCY).join(', ')}`,
    );
  }
  if (currency === 'ARS') return { Moneda_Id: monId, Moneda_ctz: '1' };
  const direct = invoice.exchange_rates?.find((rate) => rate.from === currency && rate.to === 'ARS');
  const inverse = invoice.exchange_rates?.find((rate) => rate.from === 'ARS' && rate.to === currency);
  const rate = direct
    ? Amount.parse(direct.amount).rescale(6)
    : inverse && !Amount.parse(inverse.amount).isZero()
      ? Amount.of(1, 6).divide(Amount.parse(inverse.amount))
      : undefined;
  if (!rate || rate.compare(Amount.zero()) <= 0) {
    throw new WsfexMappingError(
      'exchange_rates',
      `an invoice in ${currency} needs its exchange rate to ARS (Moneda_ctz)`,
    );
  }
  if (rate.compare(Amount.of(10_000, 6)) >= 0) {
    throw new WsfexMappingError(
      'exchange_rates',
      `WSFEX takes a rate of at most 4 integer digits (1600), not ${rate.toString()}`,
    );
  }
  return { Moneda_Id: monId, Moneda_ctz: rate.toString() };
}

function notesOf(invoice: CalculableInvoice): Pick<FexRequest, 'Obs'> {
  const text = (invoice.notes ?? [])
    .map((note) => note.text.trim())
    .filter(Boolean)
    .join('\n');
  if (text.length > 1000)
    throw new WsfexMappingError('notes', 'the notes (Obs) are at most 1000 characters together (1665)');
  return text ? { Obs: text } : {};
}

/** Cmps_asoc: a credit or debit note names the voucher it corrects; an invoice names none (1755). */
function associatedOf(invoice: CalculableInvoice, isInvoice: boolean): Pick<FexRequest, 'Cmps_asoc'> {
  const preceding = invoice.preceding ?? [];
  if (preceding.length === 0) return {};
  if (isInvoice) throw new WsfexMappingError('preceding', 'an export invoice (19) names no preceding voucher (1755)');
  if (preceding.length > 1) throw new WsfexMappingError('preceding', 'an export note corrects one voucher (1754)');
  const ref = preceding[0]!;
  return {
    Cmps_asoc: {
      Cmp_asoc: [
        {
          Cbte_tipo: Number(ref.ext?.[EXT_DOC_TYPE]),
          Cbte_punto_vta: Number(ref.series),
          Cbte_nro: Number(ref.code),
          Cbte_cuit: digits(invoice.supplier?.tax_id?.code),
        },
      ],
    },
  };
}

/** Forma_pago (C50), required on an invoice (1620): the payment terms' words, or the instructions'. */
function paymentFormOf(invoice: CalculableInvoice): string {
  const form = (
    invoice.payment?.terms?.detail ??
    invoice.payment?.instructions?.detail ??
    invoice.payment?.terms?.key
  )?.trim();
  if (!form) {
    throw new WsfexMappingError(
      'payment.terms.detail',
      'an export invoice says how it is paid (Forma_pago): give payment.terms.detail',
    );
  }
  if (form.length > 50)
    throw new WsfexMappingError('payment.terms.detail', 'the payment form is at most 50 characters');
  return form;
}

/** Fecha_pago: the last due date; required on an invoice of services or others (1672), not before the issue (1674). */
function paymentDateOf(invoice: CalculableInvoice, required: boolean): Pick<FexRequest, 'Fecha_pago'> {
  const due = (invoice.payment?.terms?.due_dates ?? [])
    .map((dueDate) => dueDate.date)
    .sort()
    .at(-1);
  if (!due) {
    if (required) {
      throw new WsfexMappingError(
        'payment.terms.due_dates',
        'an export invoice of services or others has a payment due date (1672)',
      );
    }
    return {};
  }
  if (due < invoice.issue_date) {
    throw new WsfexMappingError('payment.terms.due_dates', `the payment date ${due} is before the issue date (1674)`);
  }
  return { Fecha_pago: yyyymmdd(due) };
}

/** The language the voucher is printed in (Idioma_cbte). */
function languageOf(invoice: CalculableInvoice): string {
  const given = ext(invoice)[EXT_LANGUAGE] ?? LANGUAGE_SPANISH;
  if (!LANGUAGES[given]) {
    throw new WsfexMappingError(
      extPath(EXT_LANGUAGE),
      `the language is 1 (Spanish), 2 (English) or 3 (Portuguese), not "${given}"`,
    );
  }
  return given;
}
