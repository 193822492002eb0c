// autorizarComprobante's business checks, as WSCT's manual (v1.6.4, "Validaciones y errores") numbers them,
// on the request as parsed: each failure is one `arrayErrores` entry, all of them answered together with
// resultado R. Margins are the manual's: a relative error within 0.01% or an absolute one within a cent per
// item. The emitter checks (100-104) and the registers behind 310, 316 and 352 are not emulated.
import Decimal from 'decimal.js';
import { AUTHORITY_COUNTRY, ARGENTINE_COUNTRY_CODES } from '@/lib/ar/arca/country-codes';
import { TOURISM_ITEMS, TOURISM_ITEMS_REFUNDED, TOURISM_TYPES, VAT_STATUSES } from '@/lib/ar/arca/extensions';
import { WSFE_CURRENCY } from '@/lib/ar/arca/wsfe-detail';

export interface WsctCheckFailure {
  code: number;
  message: string;
}

type Fields = Record<string, unknown>;

export const WSCT_DOC_TYPES = [195, 196, 197];
export const WSCT_ITEM_TYPES: Record<number, string> = {
  0: 'Item general',
  91: 'Ajuste de IVA',
  97: 'Anticipo',
  99: 'Descuento general',
};
const WSCT_VAT_RATE = 5;
const RECEIVER_DOCUMENTS = [80, 91, 94, 96];
const COUNTRY_CODES = Object.values(AUTHORITY_COUNTRY);
const CURRENCIES = Object.values(WSFE_CURRENCY);

const list = (value: unknown): Fields[] =>
  value === undefined || value === '' ? [] : ((Array.isArray(value) ? value : [value]) as Fields[]);
const decimal = (value: unknown): Decimal | undefined => {
  const text = String(value ?? '').trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? new Decimal(text) : undefined;
};
const close = (given: Decimal, expected: Decimal, items: number) => {
  const error = given.minus(expected).abs();
  return (
    error.lte(new Decimal('0.01').times(Math.max(items, 1))) ||
    (!expected.isZero() && error.div(expected.abs()).lte('0.0001'))
  );
};

export interface WsctCheckContext {
  cuit: string;
  /** yyyy-mm-dd in Argentina. */
  today: string;
  lastNumber: number;
  /** Live only: whether the point of sale is one the issuer may use (homologación does not check it). */
  pointOfSaleUsable?: boolean;
  /** Whether an associated voucher is in the book. */
  associatedExists: (type: number, pointOfSale: number, number: number) => Promise<boolean>;
}

const daysApart = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function checkComprobante(c: Fields, context: WsctCheckContext): Promise<WsctCheckFailure[]> {
  const failures: WsctCheckFailure[] = [];
  const fail = (code: number, message: string) => failures.push({ code, message });
  const type = Number(c.codigoTipoComprobante);
  const relation = Number(c.codigoRelacionEmisorReceptor);
  const docType = Number(c.codigoTipoDocumento);

  if (c.codigoTipoAutorizacion === undefined)
    fail(200, 'Informar el campo codigoTipoAutorizacion. Siempre debe informarse.');
  else if (c.codigoTipoAutorizacion !== 'E')
    fail(201, 'Solo se encuentra disponible la modalidad de autorización E = CAE');
  if (!WSCT_DOC_TYPES.includes(type))
    fail(300, 'El tipo de comprobante debe corresponder a alguno de los comprobantes habilitados.');
  if (context.pointOfSaleUsable === false) fail(301, 'El punto de venta debe ser un punto de venta habilitado.');
  if (Number(c.numeroComprobante) !== context.lastNumber + 1)
    fail(
      302,
      'La numeración no corresponde con el próximo a autorizar. Consultar método consultarUltimoComprobanteAutorizado().',
    );
  const date = String(c.fechaEmision ?? context.today);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Math.abs(daysApart(context.today, date)) > 10)
    fail(303, 'La fecha de emisión puede ser hasta 10 días anteriores o posteriores a la fecha de generación.');
  const currency = String(c.codigoMoneda ?? '');
  if (!CURRENCIES.includes(currency))
    fail(304, 'El tipo de moneda debe ser alguno de los tipos de moneda habilitados.');
  const rate = decimal(c.cotizacionMoneda);
  if (rate === undefined) fail(322, 'El campo cotizacionMoneda es obligatorio.');
  else if (rate.lte(0)) fail(317, 'La cotización debe ser mayor a cero.');
  else if (currency === 'PES' && !rate.eq(1)) fail(305, 'Si el código de moneda es PES, la cotización debe ser 1.');
  const country = Number(c.codigoPais);
  if (!COUNTRY_CODES.includes(country)) fail(307, 'El código de país debe ser uno de los habilitados.');
  if (!VAT_STATUSES.includes(String(c.idImpositivo ?? '')))
    fail(308, 'El identificador impositivo o condición de IVA del receptor debe ser uno de los habilitados.');
  const address = String(c.domicilioReceptor ?? '');
  if (!address || address.length > 300)
    fail(350, 'El domicilio del receptor es obligatorio informarlo. Su dimensión máxima son 300 caracteres.');
  if (!Object.hasOwn(TOURISM_TYPES, String(relation)))
    fail(351, 'La relación entre el emisor y el receptor debe ser alguna de las habilitadas.');
  else {
    const allowed = [1, 5].includes(relation) ? RECEIVER_DOCUMENTS : [80];
    if (!allowed.includes(docType))
      fail(
        353,
        `Con la relación emisor receptor ${relation} los tipos de documento habilitados son ${allowed.join(', ')}.`,
      );
    const abroad = !ARGENTINE_COUNTRY_CODES.includes(country);
    if (COUNTRY_CODES.includes(country) && [2, 6].includes(relation) === abroad)
      fail(
        355,
        `Con la relación emisor receptor ${relation} el código de país ${abroad ? 'debe ser 200 - Argentina' : 'no puede ser Argentina'}.`,
      );
  }
  if (String(c.numeroDocumento ?? '') === context.cuit) fail(354, 'El emisor y el receptor deben ser distintos.');

  const items = list((c.arrayItems as Fields | undefined)?.item);
  let vat = new Decimal(0);
  let gross = new Decimal(0);
  let lodgingVat = new Decimal(0);
  let lodging = 0;
  items.forEach((item) => {
    const kind = Number(item.tipo);
    const code = String(item.codigoTurismo ?? '');
    const amount = decimal(item.importeItem) ?? new Decimal(0);
    const itemVat = decimal(item.importeIVA) ?? new Decimal(0);
    if (!Object.hasOwn(WSCT_ITEM_TYPES, String(kind))) fail(400, 'El tipo de ítem debe ser alguno de los habilitados.');
    if (!Object.hasOwn(TOURISM_ITEMS, code)) fail(401, 'El código de turismo debe ser alguno de los habilitados.');
    if (Number(item.codigoAlicuotaIVA) !== WSCT_VAT_RATE) fail(403, 'La alícuota de IVA solo puede ser 5 - 21%.');
    const description = String(item.descripcion ?? '');
    if (!description || description.length > 4000) fail(404, 'Es obligatorio identificar la descripción del ítem.');
    if (kind === 0 && amount.lt(0))
      fail(406, 'Si el tipo de ítem es 0 - Item general el importe del item debe ser mayor o igual a 0.');
    if (kind === 99 && amount.gte(0))
      fail(408, 'Si el tipo de ítem es 99 - Descuento General, el importe deberá ser negativo.');
    if (kind === 0 && itemVat.lt(0))
      fail(409, 'Si el tipo de ítem es 0 - Item general el importe IVA debe ser mayor o igual a 0.');
    if (kind === 99 && itemVat.gte(0))
      fail(411, 'Si el tipo de ítem es 99 - Descuento General, el importe de IVA deberá ser negativo.');
    if (!close(itemVat, amount.times(21).div(121), 1))
      fail(
        413,
        'Aplicando el porcentaje de IVA al importe del ítem, el valor resultante debe ser igual al importe de IVA informado.',
      );
    if (!itemVat.isZero() && !amount.isZero() && itemVat.isNegative() !== amount.isNegative())
      fail(414, 'El signo del campo importeIVA debe corresponder con el signo importeItem.');
    vat = vat.plus(itemVat);
    gross = gross.plus(amount);
    if (TOURISM_ITEMS_REFUNDED.includes(code)) {
      lodgingVat = lodgingVat.plus(itemVat);
      lodging += 1;
    }
  });
  if (type === 195 && items.length > 0 && items.every((item) => String(item.codigoTurismo) === '5'))
    fail(415, 'Para comprobantes 195 - Factura T, no se permite facturar solo 5 - Excedente.');

  const gravado = decimal(c.importeGravado);
  if (gravado === undefined || gravado.lt(0))
    fail(360, 'El importe gravado es obligatorio y debe ser mayor o igual a cero.');
  else if (!close(gravado, gross.minus(vat), items.length))
    fail(361, 'El importe gravado debe coincidir con la sumatoria de importeItem menos importeIVA de los ítems.');
  const noGravado = decimal(c.importeNoGravado ?? '0');
  if (!noGravado?.isZero()) fail(362, 'No informar el campo importeNoGravado; si se informa, debe venir en cero.');
  const exento = decimal(c.importeExento ?? '0');
  if (!exento?.isZero()) fail(363, 'No informar el campo importeExento; si se informa, debe venir en cero.');
  const refund = decimal(c.importeReintegro);
  if (lodging > 0 && (refund === undefined || refund.gt(0)))
    fail(
      364,
      'El campo importeReintegro debe ser informado, menor o igual a cero, si existen ítems con codigoTurismo 1 o 2.',
    );
  else if (lodging > 0 && refund && !close(refund.abs(), lodgingVat, lodging))
    fail(
      366,
      'El campo importeReintegro debe ser igual a la sumatoria de los importes de IVA de los ítems con codigoTurismo 1 o 2.',
    );
  if (lodging === 0 && type !== 195 && refund && !refund.isZero())
    fail(
      365,
      'El campo importeReintegro no debe ser informado o ser igual a 0 por tener todos sus ítems con codigoTurismo 5.',
    );
  const tributos = list((c.arrayOtrosTributos as Fields | undefined)?.otroTributo);
  const tributosSum = tributos.reduce((sum, t) => sum.plus(decimal(t.importe) ?? 0), new Decimal(0));
  const otros = decimal(c.importeOtrosTributos ?? '0') ?? new Decimal(-1);
  if (otros.lt(0)) fail(367, 'El importe de otros tributos debe ser mayor o igual a cero.');
  else if (!close(otros, tributosSum, tributos.length))
    fail(368, 'La sumatoria de otros tributos debe ser igual a importeOtrosTributos.');

  const subtotals = list((c.arraySubtotalesIVA as Fields | undefined)?.subtotalIVA);
  if (subtotals.length === 0) fail(500, 'El array de subtotales de IVA es obligatorio informarlo.');
  const codes = subtotals.map((subtotal) => Number(subtotal.codigo));
  if (codes.some((code) => code !== WSCT_VAT_RATE)) fail(501, 'Informar códigos de IVA habilitados.');
  if (new Set(codes).size !== codes.length) fail(502, 'No se permite repetir los códigos de los subtotales de IVA.');
  const subtotalVat = subtotals.reduce((sum, s) => sum.plus(decimal(s.importe) ?? 0), new Decimal(0));
  if (subtotals.some((s) => (decimal(s.importe) ?? new Decimal(-1)).lt(0)))
    fail(503, 'El importe de subtotales de IVA es obligatorio y mayor o igual a cero.');
  else if (subtotals.length > 0 && !subtotalVat.eq(vat))
    fail(504, 'La suma de los importes de IVA de los ítems debe ser igual al subtotal de IVA de la alícuota.');

  const total = decimal(c.importeTotal);
  const parts = (gravado ?? new Decimal(0))
    .plus(noGravado ?? 0)
    .plus(exento ?? 0)
    .plus(refund ?? 0)
    .plus(otros.gt(0) ? otros : 0)
    .plus(subtotalVat);
  if (total === undefined || !close(total, parts, 1))
    fail(
      369,
      'El importe total debe ser igual a la sumatoria de gravado, no gravado, exento, reintegro, otros tributos e IVA.',
    );

  const associated = list((c.arrayComprobantesAsociados as Fields | undefined)?.comprobanteAsociado);
  if ((type === 195 && associated.length > 0) || ([196, 197].includes(type) && associated.length === 0))
    fail(800, 'Una Factura T no asocia comprobantes; una Nota de Débito o Crédito T debe informarlos.');
  for (const ref of associated) {
    const refType = Number(ref.codigoTipoComprobante);
    if (!WSCT_DOC_TYPES.includes(refType))
      fail(801, 'El tipo de comprobante asociado debe ser alguno de los habilitados.');
    else if (!(await context.associatedExists(refType, Number(ref.numeroPuntoVenta), Number(ref.numeroComprobante))))
      fail(803, 'El comprobante asociado debe pertenecer a un comprobante registrado y autorizado.');
  }
  return failures;
}
