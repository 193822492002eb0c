// FEXAuthorize's validations, in the manual's order (WSFEX developer's manual v3.1.1, pp. 17-24): the first
// that fails is the request's one error ("ante cualquier anomalía se retorna un código de error cancelando la
// ejecución"). Messages are the manual's conditions, the closest text known: only 1000 was seen live.
// The sequence (1535) and the associated vouchers' existence (1749) need the book and are checked by the caller.
import type { Environment } from '@/lib/ar/environments';
import { isValidCuit } from '@/lib/ar/cuit-digits';
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import { COUNTRY_CUITS, EXPORT_TYPES, INCOTERMS, LANGUAGES, UNITS } from '@/lib/ar/arca/wsfex-tables';
import type { EmulatorPointOfSale } from '@/lib/emulator/queries';
import { pointOfSaleUsable } from '@/lib/emulator/voucher-checks';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { CURRENCIES } from '@/lib/emulator/wsfe-catalog';
import { addDays, parseDate } from '@/lib/emulator/wsfe-values';
import type { ExportItem, ExportVoucher } from '@/lib/emulator/wsfex-voucher';

export const EXPORT_TYPES_E = [19, 20, 21];
const INVOICE = 19;
const GOODS = 1;
const COUNTRY_CODES = new Set(Object.values(COUNTRIES).map((country) => Number(country.code)));
/** Units that carry no quantity nor price (1775). */
const TOTAL_ONLY_UNITS = [0, 97, 99];
const PERMIT = /^\d{5}[A-Z]{2}[A-Z0-9]{2}\d{6}[A-Z]$/;
/** Associated types an export voucher may name beside E: remitos of tobacco, R, flour (1680). */
const OTHER_ASSOCIABLE = [88, 89, 91, 993, 994];
const MILLION = 1_000_000n;

export interface ExportIssuer {
  environment: Environment;
  cuit: string;
  /** yyyymmdd in Argentina. */
  today: string;
  pointOfSale?: EmulatorPointOfSale;
}

type Check = Observation | undefined;
const fail = (code: number, message: string): Observation => ({ code, message });

export function checkExportVoucher(voucher: ExportVoucher, issuer: ExportIssuer): Check {
  return (
    headerCheck(voucher, issuer) ??
    permitCheck(voucher) ??
    customerCheck(voucher) ??
    currencyCheck(voucher) ??
    termsCheck(voucher) ??
    itemsCheck(voucher) ??
    paymentDateCheck(voucher) ??
    associatedCheck(voucher, issuer.cuit)
  );
}

function headerCheck(voucher: ExportVoucher, issuer: ExportIssuer): Check {
  if (voucher.id < 0) return fail(1014, 'Id: Debe ser un valor numerico mayor o igual a 0.');
  if (voucher.date !== undefined) {
    const valid = parseDate(voucher.date);
    if (!valid || voucher.date < addDays(issuer.today, -5) || voucher.date > addDays(issuer.today, 5)) {
      return fail(1500, 'Fecha_cbte: Nulo, o comprendido entre N-5 y N+5 siendo N la Fecha de envio.');
    }
  }
  if (!EXPORT_TYPES_E.includes(voucher.voucherType)) {
    return fail(1530, 'Cbte_Tipo: Los posibles tipo de comprobantes son: 19, 20, 21. Ver metodo FEXGetPARAM_Cbte_Tipo');
  }
  if (
    voucher.pointOfSale < 1 ||
    voucher.pointOfSale > 99998 ||
    !pointOfSaleUsable(issuer.environment, issuer.pointOfSale, issuer.today)
  ) {
    return fail(
      1510,
      'Punto_vta: Valor comprendido entre 1 - 99998 y dado de alta como punto de venta "Comprobantes de Exportacion - Web Services". Consultar metodo FEXGetPARAM_PtoVenta',
    );
  }
  if (voucher.number < 1 || voucher.number > 99_999_999) return fail(1520, 'Cbte_nro: Comprendido entre 1 y 99999999.');
  if (!EXPORT_TYPES[String(voucher.exportType)]) {
    return fail(
      1540,
      'Tipo_expo: Debera ser algunos de los valores permitidos: 1, 2, 4. Ver metodo FEXGetPARAM_Tipo_Expo',
    );
  }
  return undefined;
}

/** Permiso_existente and Permisos by the manual's matrix (p. 21). */
function permitCheck(voucher: ExportVoucher): Check {
  const goodsInvoice = voucher.voucherType === INVOICE && voucher.exportType === GOODS;
  const existing = voucher.permitExisting;
  if (goodsInvoice ? !['S', 'N'].includes(existing) : existing !== '') {
    return fail(
      1550,
      'Permiso_existente: Valores posibles: S, N o vacio. "vacio" si Cbte_Tipo es 20 o 21 o si Cbte_Tipo es 19 y Tipo_expo es 2 o 4.',
    );
  }
  const permits = voucher.permits;
  if (permits && voucher.exportType !== GOODS)
    return fail(1736, 'Permisos: No es posible informar estos campos con tipo expo = 2 o 4.');
  if (permits?.length === 0) return fail(1720, 'Permisos: Si envia <Permisos>, <Permiso> es obligatorio.');
  if (goodsInvoice && existing === 'S' && !permits) {
    return fail(1720, 'Permisos: Obligatorio para Tipo_expo = 1, Cbte_Tipo = 19 y Permiso_existente = "S".');
  }
  if (existing === 'N' && permits) return fail(1720, 'Permisos: No debe enviarse cuando Permiso_existente = "N".');
  const seen = new Set<string>();
  for (const permit of permits ?? []) {
    if (!permit.id || !permit.destination) {
      return fail(1730, 'Si se informo el campo Id_permiso debera informase el campo Dst_merc, y viceversa.');
    }
    if (!PERMIT.test(permit.id) || seen.has(`${permit.id}-${permit.destination}`)) {
      return fail(
        1740,
        'Id_permiso: Debera ser un permiso valido, formato 99999AAXX999999A, sin repetir Id_permiso y Dst_merc.',
      );
    }
    if (!COUNTRY_CODES.has(permit.destination)) {
      return fail(1750, 'Dst_merc: Para los posibles valores consultar metodo FEXGetPARAM_DST_pais.');
    }
    seen.add(`${permit.id}-${permit.destination}`);
  }
  return undefined;
}

function customerCheck(voucher: ExportVoucher): Check {
  if (!COUNTRY_CODES.has(voucher.destination)) {
    return fail(
      1560,
      'Dst_cmp: Obligatorio. Debera ser algunos de los valores permitidos. Ver metodo FEXGetPARAM_DST_pais',
    );
  }
  const countryCuit = voucher.countryCuit > 0 ? String(voucher.countryCuit) : '';
  if (countryCuit && !COUNTRY_CUITS[countryCuit] && !isValidCuit(countryCuit)) {
    return fail(
      1570,
      'Cuit_pais_cliente: Debera ser algunos de los valores permitidos. Ver metodo FEXGetPARAM_DST_CUIT',
    );
  }
  if (!countryCuit && !voucher.taxId)
    return fail(1580, 'Id_impositivo / Cuit_pais_cliente: Se debera consignar al menos un campo.');
  if (!voucher.customer) return fail(1650, 'Cliente: Campo Obligatorio, no podra estar vacio.');
  if (voucher.customer.length > 200) return fail(1651, 'Cliente: Longitud maxima es de 200 caracteres');
  if (!voucher.address) return fail(1660, 'Domicilio_cliente: Campo Obligatorio, no podra estar vacio');
  if (voucher.address.length > 300) return fail(1661, 'Domicilio_cliente: Longitud maxima es de 300 caracteres');
  return undefined;
}

function currencyCheck(voucher: ExportVoucher): Check {
  if (!CURRENCIES.some((row) => row.id === voucher.currency)) {
    return fail(1590, 'Moneda_Id: Debera ser algunos de los valores permitidos. Ver metodo FEXGetPARAM_MON.');
  }
  const rate = voucher.rate;
  if (voucher.sameCurrency !== undefined) {
    if (!['S', 'N'].includes(voucher.sameCurrency)) {
      return fail(1603, 'CanMisMonExt: Si informa el campo, los valores posibles son S o N y no debe quedar vacio.');
    }
    if (voucher.voucherType !== INVOICE || voucher.currency === 'PES') {
      return fail(
        1605,
        'CanMisMonExt: Si informa Tipo Cbte 19 y MonID = PES, o Tipo Cbte 20 y 21 el campo no debe informarse',
      );
    }
  }
  if (!rate || rate.units <= 0n) {
    if (voucher.sameCurrency === 'S') return undefined;
    return fail(
      1602,
      'Moneda_ctz: El campo es obligatorio si no informa el campo CanMisMonExt con el valor S, y debe ser mayor a 0',
    );
  }
  if (!rate.exact || rate.units >= 10_000n * MILLION) {
    return fail(1600, 'Moneda_ctz: Debera ser mayor a 0, hasta 4 enteros y 6 decimales');
  }
  if (voucher.currency === 'PES' && rate.units !== MILLION) {
    return fail(1601, 'Moneda_ctz debera ser igual a 1 cuando se indique Moneda_Id = PES');
  }
  return undefined;
}

function termsCheck(voucher: ExportVoucher): Check {
  if (voucher.voucherType === INVOICE && !voucher.paymentForm) {
    return fail(1620, 'Forma_pago: Obligatorio si el tipo de comprobantes es 19');
  }
  if (!LANGUAGES[String(voucher.language)]) {
    return fail(1630, 'Idioma_cbte: Obligatorio. Valores posibles: 1, 2, 3. Ver metodo FEXGetPARAM_Idiomas');
  }
  const needsIncoterm = voucher.voucherType === INVOICE && voucher.exportType === GOODS;
  if ((needsIncoterm && !voucher.incoterm) || (voucher.incoterm && !INCOTERMS[voucher.incoterm])) {
    return fail(
      1640,
      'Incoterms: Obligatorio si el tipo de comprobante es 19 y el tipo de exportacion 1. Ver metodo FEXGetPARAM_Incoterms',
    );
  }
  if (voucher.incotermText && !voucher.incoterm)
    return fail(1641, 'Incoterms_Ds: Si se ingreso un valor, el campo Incoterms no puede estar vacio.');
  if ((voucher.incotermText ?? '').length > 20) return fail(1642, 'Incoterms_Ds: Longitud maxima es de 20 caracteres.');
  if (voucher.notes.length > 1000 || voucher.commercialNotes.length > 4000) {
    return fail(1665, 'Obs: longitud maxima 1000; Obs_comerciales: longitud maxima 4000');
  }
  return undefined;
}

/** qty × price − discount, against the item's total, at 12 decimals: within 0.01 or 0.01 % (1815). */
function itemTotalMatches(item: ExportItem): boolean {
  const expected = item.quantity.units * item.price.units - item.discount.units * MILLION;
  const given = item.total.units * 10n ** 10n;
  const difference = expected > given ? expected - given : given - expected;
  const absolute = difference <= 10n ** 10n;
  const relative = expected !== 0n && difference * 10_000n <= (expected < 0n ? -expected : expected);
  return absolute || relative;
}

function itemsCheck(voucher: ExportVoucher): Check {
  const items = voucher.items ?? [];
  if (items.length < 1 || items.length > 9999) {
    return fail(1666, 'Items: La estructura es invalida, no se ingreso, posee 0 items o supera los 9999 items.');
  }
  for (const item of items) {
    if (!item.description || item.description.length > 4000) {
      return fail(1770, 'Pro_ds: Campo obligatorio. No podra exceder los 4000 caracteres de longitud.');
    }
    if (!UNITS[String(item.unit)]) return fail(1790, 'Pro_umed: Valores posibles ver metodo FEXGetPARAM_UMed');
    const totalOnly = TOTAL_ONLY_UNITS.includes(item.unit);
    if (totalOnly) {
      if (item.quantity.units !== 0n || item.price.units !== 0n || item.discount.units !== 0n) {
        return fail(
          1775,
          'Si Pro_umed es igual a 0, 97 o 99 debera informar Pro_qty, Pro_precio_uni y Pro_bonificacion igual a 0.',
        );
      }
      if ((item.unit === 99 && item.total.units >= 0n) || (item.unit === 0 && item.total.units < 0n)) {
        return fail(
          1810,
          'Pro_total_item: Si Pro_umed = 99 el valor debe ser menor a 0; si es distinto a 97 y 99, mayor o igual a 0.',
        );
      }
      continue;
    }
    if (item.quantity.units <= 0n || !item.quantity.exact)
      return fail(1780, 'Pro_qty: De ingresarse valor debera ser mayor a cero.');
    if (item.price.units < 0n || !item.price.exact)
      return fail(1800, 'Pro_precio_uni: De ingresarse valor debera ser mayor o igual a cero.');
    if (item.discount.units < 0n) return fail(1811, 'Pro_bonificacion: debe ser mayor o igual a 0');
    if (item.discount.units * MILLION > item.quantity.units * item.price.units) {
      return fail(1812, 'Pro_bonificacion: Si es mayor a 0 debe ser menor o igual a Pro_precio_uni * Pro_qty.');
    }
    if (item.total.units < 0n) return fail(1810, 'Pro_total_item: el valor debe ser mayor o igual a 0.');
    if (!itemTotalMatches(item)) {
      return fail(1815, 'Pro_total_item: debera ser igual a Pro_precio_uni * Pro_qty - Pro_bonificacion.');
    }
  }
  const sum = items.reduce((total, item) => total + item.total.units, 0n);
  const difference = sum > voucher.total.units ? sum - voucher.total.units : voucher.total.units - sum;
  if (voucher.total.units < 0n || difference > BigInt(items.length)) {
    return fail(1610, 'Imp_total: Debera ser mayor igual a cero e igual a la suma de los campos Item.Pro_total_item');
  }
  return undefined;
}

function paymentDateCheck(voucher: ExportVoucher): Check {
  const date = voucher.paymentDate;
  if (date !== undefined && !parseDate(date)) return fail(1671, 'Fecha_pago: debe tener formato valido YYYYMMDD.');
  if (voucher.voucherType !== INVOICE) {
    return date === undefined
      ? undefined
      : fail(1673, 'Fecha_pago: Para comprobantes que no son tipo 19 no debe informarse.');
  }
  if (voucher.exportType !== GOODS && date === undefined) {
    return fail(
      1672,
      'Fecha_pago: Para comprobantes 19 con tipo de exportacion 2 o 4 la fecha de pago es obligatoria.',
    );
  }
  if (voucher.exportType !== GOODS && date !== undefined && voucher.date !== undefined && date < voucher.date) {
    return fail(1674, 'Fecha_pago: debe ser igual o posterior a la fecha de emision del comprobante.');
  }
  return undefined;
}

function associatedCheck(voucher: ExportVoucher, cuit: string): Check {
  const associated = voucher.associated;
  if (associated === undefined) return undefined;
  if (associated.length === 0) return fail(1820, 'Si envia Cmps_asoc, Cmp_asoc es obligatorio');
  const exports = associated.filter((item) => EXPORT_TYPES_E.includes(item.type));
  if (voucher.voucherType === INVOICE && exports.length > 0) {
    return fail(
      1755,
      'No se pueden informar comprobantes asociados cuando el tipo de comprobante a autorizar es 19, excepto 88, 89, 91, 993, 994',
    );
  }
  if (exports.length > 1)
    return fail(1754, 'No se puede informar mas de 1 comprobante asociado, excepto que sean 88 u 89.');
  for (const item of associated) {
    if (!EXPORT_TYPES_E.includes(item.type) && !OTHER_ASSOCIABLE.includes(item.type)) {
      return fail(1680, 'Cbte_tipo: Los posibles tipo de comprobantes son: 19, 20, 21, 88, 89, 91, 993, 994');
    }
    if (item.pointOfSale < 1 || item.pointOfSale > 99998)
      return fail(1690, 'Cbte_punto_vta: debera estar comprendido entre 1 - 99998.');
    if (item.number < 1 || item.number > 999_999_999)
      return fail(1700, 'Cbte_nro: podra tomar los valores desde 1 hasta 999999999');
    if (EXPORT_TYPES_E.includes(item.type) && item.cuit > 0 && String(item.cuit) !== cuit) {
      return fail(2031, 'Cbte_cuit: no puede ser distinto al emisor del comprobante que se solicita autorizacion.');
    }
  }
  return undefined;
}
