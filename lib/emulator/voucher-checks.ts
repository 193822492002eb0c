// The checks FECAESolicitar applies, with the authority's codes and in the manual's order: the issuer and
// the header (Errors: the whole request is refused), then each detail (Observaciones: excluding ones
// refuse that voucher, the others only observe it). Messages are the service's own where one was seen
// in a real answer (PyAfipWs's recordings, clients' issue trackers); elsewhere the manual's wording,
// without accents as the service writes. Manual: "Manual para el desarrollador" WSFEv1, COMPG v4.7.
import type { TaxpayerVatStatus } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { isValidCuit } from '@/lib/ar/cuit';
import type { EmulatorPointOfSale } from '@/lib/emulator/queries';
import type { Observation } from '@/lib/emulator/voucher-detail';
import {
  checkAmounts,
  checkCurrency,
  checkTributes,
  checkVat,
  type Refuse,
} from '@/lib/emulator/voucher-amount-checks';
import type { VoucherRequestDetail, VoucherRequestHeader } from '@/lib/emulator/voucher-request';
import {
  ASSOCIABLE,
  CONCEPTS,
  DOCUMENT_TYPES,
  NOTE_TYPES,
  OPTIONALS,
  RECEIVER_CONDITIONS,
  voucherClass,
  type VoucherClass,
} from '@/lib/emulator/wsfe-catalog';
import { addDays, daysBetween, parseDate } from '@/lib/emulator/wsfe-values';
import { CONSUMER_IDENTIFICATION_THRESHOLD_CENTS } from '@/lib/ar/arca/certain-refusals';

/** FECompTotXRequest: the most details one FECAESolicitar may carry (homologation's value, 2021). */
export const MAX_DETAILS_PER_REQUEST = 250;

/** RG 4444's amount from which a B voucher must identify its receiver (lib/ar/arca, where the store checks it too). */
const CONSUMER_IDENTIFICATION_THRESHOLD = CONSUMER_IDENTIFICATION_THRESHOLD_CENTS;

export const NUMBERING_MESSAGE =
  'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.';

export interface Issuer {
  environment: Environment;
  cuit: string;
  vatStatus: TaxpayerVatStatus;
  /** The point of sale on record, if any (the sandbox takes any number). */
  pointOfSale?: EmulatorPointOfSale;
  /** N: the processing date, yyyymmdd in Argentina. */
  today: string;
}

const err = (code: number, message: string): Observation => ({ code, message });

/** Is the point of sale one this issuer may invoice from today (live: registered, web service type, active)? */
export function pointOfSaleUsable(
  environment: Environment,
  point: EmulatorPointOfSale | undefined,
  today: string,
): boolean {
  if (!point) return environment === 'sandbox';
  const dropped = point.droppedOn !== null && point.droppedOn.replace(/-/g, '') <= today;
  return point.emissionType === 'CAE' && !point.blocked && !dropped;
}

/** <Auth> and <FeCabReq>: each failure is an Err, and every voucher of the request is refused. */
export function headerErrors(header: VoucherRequestHeader, detailCount: number, issuer: Issuer): Observation[] {
  const errors: Observation[] = [];
  const kind = voucherClass(header.voucherType);
  if (kind && kind !== 'C' && issuer.vatStatus !== 'responsable_inscripto') {
    errors.push(
      err(
        10000,
        'NO AUTORIZADO A EMITIR COMPROBANTES - LA CUIT INFORMADA NO CORRESPONDE A UN RESPONSABLE INSCRIPTO EN EL IMPUESTO IVA.',
      ),
    );
  }
  if (kind === 'C' && issuer.vatStatus === 'responsable_inscripto') {
    errors.push(
      err(10000, 'NO AUTORIZADO A EMITIR COMPROBANTES - LA CUIT INFORMADA NO CORRESPONDE A RESPONSABLE MONOTRIBUTO'),
    );
  }
  if (header.count < 1 || header.count > 9998)
    errors.push(err(10001, 'Campo CantReg debe estar comprendido entre 1 y 9998.'));
  if (header.count !== detailCount) {
    errors.push(
      err(
        10002,
        `Campo CantReg debe ser igual a lo informado en detalle. Informado: ${header.count}, Enviado:${detailCount}`,
      ),
    );
  }
  if (detailCount > MAX_DETAILS_PER_REQUEST) {
    errors.push(
      err(
        10003,
        'La cantidad de registros en detalle debe ser menor igual al valor permitido. Consulte metodo FECompTotXRequest para obtener cantidad maxima de registros por cada requerimiento.',
      ),
    );
  }
  if (header.pointOfSale < 1 || header.pointOfSale > 99998) {
    errors.push(err(10004, 'Campo PtoVta debe estar comprendido entre 1 y 99998.'));
  } else if (!pointOfSaleUsable(issuer.environment, issuer.pointOfSale, issuer.today)) {
    // The manual files this under 10005; our contract (what integrators' suites check) names 11002, the code
    // FECompUltimoAutorizado gives the same point of sale, so a client sees one code for it whichever it asks first.
    errors.push(
      err(11002, 'El punto de venta no se encuentra habilitado a usar el presente WS. Ver metodo FEParamGetPtosVenta'),
    );
  }
  if (header.voucherType <= 0) errors.push(err(10006, 'Campo CbteTipo debe ser un valor numerico mayor a 0.'));
  else if (!kind)
    errors.push(
      err(
        10007,
        'Campo CbteTipo no se corresponde con alguno de los habilitados. Consultar metodo FEParamGetTiposCbte.',
      ),
    );
  return errors;
}

/** The date the voucher takes: CbteFch, or the processing date when none was sent. */
export const voucherDate = (detail: VoucherRequestDetail, today: string) => (detail.date ? detail.date : today);

/** 10016 as an Err: the number is not the sequence's next, or the date is before its last. */
export function breaksSequence(
  detail: VoucherRequestDetail,
  last: { number: number; date: string | null },
  today: string,
): boolean {
  if (detail.from !== last.number + 1) return true;
  const date = voucherDate(detail, today);
  return parseDate(date) !== undefined && last.date !== null && date < last.date;
}

/** What the detail's own data and the service's records say about it. */
export interface DetailFacts {
  /** The receiver's IVA condition, when the emulator's register knows the receiver's CUIT. */
  receiverStatus?: TaxpayerVatStatus;
  /** Associated vouchers (by index) that the authority's records do not hold. */
  unknownAssociated: number[];
}

export interface DetailVerdict {
  /** Excluding: any of these refuses the voucher. */
  refusals: Observation[];
  /** Not excluding: the voucher is authorised with these observations. */
  notes: Observation[];
}

export function checkDetail(
  detail: VoucherRequestDetail,
  header: VoucherRequestHeader,
  issuer: Issuer,
  facts: DetailFacts,
): DetailVerdict {
  const kind = voucherClass(header.voucherType)!;
  const refusals: Observation[] = [];
  const refuse = (code: number, message: string) => refusals.push(err(code, message));
  const notes: Observation[] = [];
  const isNote = NOTE_TYPES.includes(header.voucherType);
  const date = voucherDate(detail, issuer.today);
  const { amounts } = detail;
  const pesos = (amounts.ImpTotal.units * (detail.rate?.units ?? 1_000_000n)) / 1_000_000n;

  // Numbers and receiver (10008-10015).
  if (kind === 'B' ? detail.to < detail.from : detail.to !== detail.from) {
    if (kind === 'B' || kind === 'C')
      refuse(
        10011,
        'Campo CbteHasta debe ser mayor o igual a CbteDesde para comprobantes tipo B. Para comprobantes tipo C CbteHasta debe ser igual a CbteDesde.',
      );
    else refuse(10012, 'Para comprobantes clase A el campo CbteDesde debe ser igual al campo CbteHasta.');
  }
  if ((kind === 'A' || kind === 'M') && detail.docType !== 80)
    refuse(10013, 'Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT).');
  const batch = detail.to > detail.from;
  if (kind === 'B' && batch && pesos / BigInt(detail.to - detail.from + 1) >= CONSUMER_IDENTIFICATION_THRESHOLD) {
    refuse(
      10014,
      'Para comprobantes clase B en pedidos multiples el importe de cada comprobante debe ser menor al monto establecido por la RG 4444.',
    );
  }
  if (receiverDocumentRefused(detail, kind, batch, pesos)) {
    refuse(10015, 'Campo DocNro invalido para el DocTipo informado. Consultar metodo FEParamGetTiposDoc.');
  }

  // Dates (10016 as an observation: the window around N).
  const concept1 = detail.concept !== 2 && detail.concept !== 3;
  const reach = concept1 ? 5 : 10;
  if (parseDate(date) === undefined || Math.abs(daysBetween(issuer.today, date)) > reach) {
    const label = concept1 ? '1 - Productos' : detail.concept === 2 ? '2 - Servicios' : '3 - Productos y Servicios';
    refuse(
      10016,
      `Campo CbteFch Debe estar comprendido  en el  rango  N-${reach} y N+${reach} siendo N la fecha de envio del pedido  de autorizacion para ${label}`,
    );
  }

  if (kind !== 'C') checkVat(detail, header.voucherType, refuse);
  checkTributes(detail, refuse);
  if (!CONCEPTS.some((row) => row.id === String(detail.concept))) {
    refuse(
      10030,
      'El campo Concepto es obligatorio y debe corresponder con algun valor devuelto por el metodo FEParamGetTiposConcepto.',
    );
  }
  checkServiceDates(detail, date, refuse);
  checkCurrency(detail, refuse);
  checkAssociated(detail, header.voucherType, isNote, refuse);
  checkAmounts(detail, kind, refuse);
  if (detail.docNumber === Number(issuer.cuit))
    refuse(10069, 'El N° de documento del receptor del comprobante no puede ser igual al del emisor.');
  if (kind !== 'C' && amounts.ImpNeto.units > 0n && !detail.vat?.length)
    refuse(10070, 'Si el importe neto es mayor a cero, es obligatorio informar el array de IVA.');
  if (kind === 'C' && detail.vat !== undefined)
    refuse(10071, 'Para comprobantes tipo C el objeto IVA no debe informarse.');
  checkOptionals(detail, refuse);
  if (concept1 && parseDate(date) && date > issuer.today && date.slice(0, 6) !== issuer.today.slice(0, 6)) {
    refuse(
      10152,
      'Si informa fecha de comprobante para el Concepto 01 - Productos con fecha superior a la fecha de envio de autorizacion, el mes de la fecha del comprobante debe coincidir con el mes de la fecha de envio de autorizacion.',
    );
  }
  checkPeriod(detail, isNote, date, refuse);
  checkReceiverCondition(detail, kind, refuse);
  if (detail.docType === 80 && !isValidCuit(String(detail.docNumber))) {
    refuse(
      10284,
      'El numero de documento receptor informado no corresponde al Tipo de Documento receptor indicado (CUIT).',
    );
  }

  // Observations: the voucher is authorised anyway.
  if (facts.unknownAssociated.length > 0) {
    notes.push(
      err(
        10041,
        'Si el punto de venta del comprobante asociado es electronico, el numero de comprobante debe obrar en las bases del organismo para el punto de venta y tipo de comprobante informado.',
      ),
    );
  }
  if (
    (kind === 'A' || kind === 'M') &&
    (facts.receiverStatus === 'exento' || facts.receiverStatus === 'consumidor_final')
  ) {
    notes.push(
      err(
        10063,
        'Para comprobantes clase A el receptor del comprobante debe corresponder a un contribuyente activo en el Impuesto al Valor Agregado o Responsable Monotributo.',
      ),
    );
  }
  if ((kind === 'A' || kind === 'M') && facts.receiverStatus === 'monotributo') {
    notes.push(
      err(
        10217,
        'El credito fiscal discriminado en el presente comprobante solo podra ser computado a efectos del Procedimiento permanente de transicion al Regimen General.',
      ),
    );
  }
  return { refusals, notes };
}

function receiverDocumentRefused(
  detail: VoucherRequestDetail,
  kind: VoucherClass,
  batch: boolean,
  pesos: bigint,
): boolean {
  if (!DOCUMENT_TYPES.some((row) => row.id === String(detail.docType))) return true;
  if (detail.docType === 99 && detail.docNumber !== 0) return true;
  if (detail.docType !== 99 && detail.docNumber <= 0) return true;
  if ((detail.docType === 86 || detail.docType === 87) && !isValidCuit(String(detail.docNumber))) return true;
  if (kind !== 'B') return false;
  // A batch of B vouchers is for unidentified final consumers; a single one over RG 4444's amount names its receiver.
  if (batch) return detail.docType !== 99;
  return detail.docType === 99 && pesos >= CONSUMER_IDENTIFICATION_THRESHOLD;
}

function checkServiceDates(detail: VoucherRequestDetail, date: string, refuse: Refuse) {
  const from = detail.serviceFrom || undefined;
  const to = detail.serviceTo || undefined;
  const due = detail.paymentDue || undefined;
  if (!from && (to || due))
    refuse(10031, 'El campo FchServDesde es obligatorio si se informa FchServHasta y/o FchVtoPago.');
  if (from && to && parseDate(from) && parseDate(to) && from > to)
    refuse(10032, 'El campo FchServDesde no puede ser posterior al campo FchServHasta.');
  if (!to && (from || due))
    refuse(10033, 'El campo FchServHasta es obligatorio si se informa FchServDesde y/o FchVtoPago.');
  if (!due && (from || to))
    refuse(10035, 'El campo FchVtoPago es obligatorio si se informa FchServDesde y/o FchServHasta.');
  if (due && parseDate(due) && parseDate(date) && due < date)
    refuse(10036, 'El campo FchVtoPago no puede ser anterior a la fecha del comprobante.');
  const services = detail.concept === 2 || detail.concept === 3;
  if (
    (services && (!from || !to || !due)) ||
    [from, to, due].some((value) => value !== undefined && !parseDate(value))
  ) {
    refuse(
      10049,
      'Los campos FchServDesde, FchServHasta y FchVtoPago son obligatorios cuando el campo Concepto es igual a 2 o 3. Si se informan deberan tener el formato yyyymmdd.',
    );
  }
}

function checkAssociated(detail: VoucherRequestDetail, voucherType: number, isNote: boolean, refuse: Refuse) {
  const associated = detail.associated;
  if (associated !== undefined && associated.length === 0)
    refuse(10062, 'Si envia CbtesAsoc, CbteAsoc es obligatorio.');
  if (associated?.length && associated.some((item) => !ASSOCIABLE[voucherType]?.includes(item.type))) {
    refuse(10040, 'El tipo de comprobante asociado no corresponde al tipo de comprobante a autorizar.');
  }
  if (associated?.some((item) => item.type <= 0))
    refuse(10057, 'De enviarse el tag CbteAsoc debe enviarse Tipo > a 0.');
  if (associated?.some((item) => item.pointOfSale <= 0 || item.pointOfSale >= 99999))
    refuse(10058, 'De enviarse el tag CbteAsoc debe enviarse PtoVta > a 0 y < a 99999.');
  if (associated?.some((item) => item.number <= 0 || item.number >= 99_999_999))
    refuse(10059, 'De enviarse el tag CbteAsoc debe enviarse Nro > a 0 y < a 99999999.');
  if (
    associated &&
    new Set(associated.map((item) => `${item.type}-${item.pointOfSale}-${item.number}`)).size !== associated.length
  ) {
    refuse(10060, 'De enviarse el tag CbteAsoc, los comprobantes no deben repetirse.');
  }
  if (associated?.some((item) => item.cuit !== undefined && !/^\d{11}$/.test(item.cuit))) {
    refuse(
      10151,
      'Si informa Cuit en comprobantes asociados, no informar en blanco, el mismo debe ser un valor de 11 caracteres numericos.',
    );
  }
  if (isNote && !associated?.length && detail.period === undefined) {
    refuse(
      10197,
      'Si el comprobante es Debito o Credito, se debera informar de forma obligatoria los campos Fecha Comprobantes Asociados Desde/Hasta, o al menos un comprobante asociado.',
    );
  }
  if (associated?.some((item) => item.date !== undefined && !parseDate(item.date))) {
    refuse(10213, 'Si se informa la fecha del comprobante asociado debe tener el formato yyyymmdd.');
  }
}

/** Repeats allowed: co-owners (1801/1802), surety policies (2901/2902), commercial references (23). */
const REPEATABLE_OPTIONALS = ['1801', '1802', '2901', '2902', '23'];

function checkOptionals(detail: VoucherRequestDetail, refuse: Refuse) {
  const optionals = detail.optionals;
  if (optionals === undefined) return;
  if (optionals.length === 0) refuse(10052, 'Si envia Opcionales, Opcional es obligatorio.');
  if (optionals.some((item) => !item.id || !OPTIONALS.some((row) => row.id === item.id))) {
    refuse(
      10053,
      'El campo Id en Opcionales es obligatorio y debe ser alguno de los devueltos por el metodo FEParamGetTiposOpcional.',
    );
  }
  const ids = optionals.map((item) => item.id).filter((id) => id && !REPEATABLE_OPTIONALS.includes(id));
  if (new Set(ids).size !== ids.length) refuse(10054, 'El campo Id en Opcionales es obligatorio y no debe repetirse.');
  if (optionals.some((item) => !item.value?.trim())) refuse(10055, 'El campo Valor en Opcionales es obligatorio.');
}

function checkPeriod(detail: VoucherRequestDetail, isNote: boolean, date: string, refuse: Refuse) {
  const period = detail.period;
  if (period === undefined) return;
  if (!isNote)
    refuse(
      10198,
      'Si el comprobante es Factura no se debera informar los campos Fecha Comprobantes Asociados Desde/Hasta.',
    );
  if (!period.from) refuse(10199, 'Si envia estructura PeriodoAsoc es obligatorio enviar FchDesde.');
  if (!period.to) refuse(10203, 'Si envia estructura PeriodoAsoc es obligatorio enviar FchHasta.');
  const from = parseDate(period.from);
  const to = parseDate(period.to);
  if (period.from && !from)
    refuse(10204, 'El campo PeriodoAsoc.FchDesde debe corresponder a una fecha valida con formato YYYYMMDD.');
  if (period.to && !to)
    refuse(10205, 'El campo PeriodoAsoc.FchHasta debe corresponder a una fecha valida con formato YYYYMMDD.');
  if (from && to && period.to! < period.from!)
    refuse(10207, 'Las fechas informadas en PeriodoAsoc, FchHasta debe ser superior o igual a FchDesde.');
  if (to && parseDate(date) && period.to! > date) {
    refuse(
      10208,
      'La fecha informada en PeriodoAsoc.FchHasta debe ser anterior o igual a la fecha de emision del comprobante que se esta autorizando.',
    );
  }
}

function checkReceiverCondition(detail: VoucherRequestDetail, kind: VoucherClass, refuse: Refuse) {
  if (detail.receiverCondition === undefined) {
    refuse(
      10246,
      'Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General Nro 5616. Para mas informacion consular metodo FEParamGetCondicionIvaReceptor',
    );
    return;
  }
  const condition = RECEIVER_CONDITIONS.find((row) => row.id === detail.receiverCondition);
  if (!condition) {
    refuse(
      10242,
      'El campo de identificacion de la Condicion de IVA del receptor no es un valor permitido. Para mayor detalle consular el metodo FEParamGetCondicionIvaReceptor.',
    );
  } else if (!condition.classes.includes(kind)) {
    refuse(
      10243,
      'El campo de identificacion de Condicion de IVA del receptor no es valido para la clase de comprobante informado. Para mas detalle consultar el Metodo: FEParamGetCondicionIvaReceptor',
    );
  }
}

/** CAEFchVto: ten calendar days after the voucher's date, as every recorded answer shows. */
export const caeDueDate = (date: string) => addDays(date, 10);
