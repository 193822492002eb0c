// The checks FECAEARegInformativo applies, with the manual's codes for it (COMPG v4.7, PDF pp. 140-166): the
// header refuses the whole request (Errors), each detail is refused (its Observaciones, Resultado R) or only
// observed (Resultado A). Where CAE refuses, CAEA often only observes (the total, 724; a receiver condition
// not for the class, 824): the voucher was already handed to the customer. Messages: the manual's wording,
// without accents as the service writes (the one real message seen is 782's).
import type { Environment } from '@/lib/ar/environments';
import { close } from '@/lib/emulator/voucher-amount-checks';
import type { CaeaRequestDetail } from '@/lib/emulator/caea-request';
import type { EmulatorCaea } from '@/lib/emulator/caea-queries';
import type { EmulatorPointOfSale } from '@/lib/emulator/queries';
import { MAX_DETAILS_PER_REQUEST } from '@/lib/emulator/voucher-checks';
import type { Observation } from '@/lib/emulator/voucher-detail';
import type { VoucherRequestHeader } from '@/lib/emulator/voucher-request';
import { CONCEPTS, CURRENCIES, RECEIVER_CONDITIONS, voucherClass } from '@/lib/emulator/wsfe-catalog';
import { daysBetween, parseDate } from '@/lib/emulator/wsfe-values';

/** 700's list: the types a CAEA voucher may be (FCE, 201-213, is not emulated). */
const CAEA_VOUCHER_TYPES = [1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 15, 51, 52, 53, 54, 63, 64];

const obs = (code: number, message: string): Observation => ({ code, message });

/** A CAEA point of sale this issuer may inform vouchers of (the sandbox takes any number not registered as CAE). */
export function caeaPointUsable(environment: Environment, point: EmulatorPointOfSale | undefined, today: string) {
  if (!point) return environment === 'sandbox';
  const dropped = point.droppedOn !== null && point.droppedOn.replace(/-/g, '') <= today;
  return point.emissionType === 'CAEA' && !point.blocked && !dropped;
}

export function caeaHeaderErrors(
  header: VoucherRequestHeader,
  detailCount: number,
  pointUsable: boolean,
): Observation[] {
  const errors: Observation[] = [];
  if (header.count < 1 || header.count > 9998)
    errors.push(obs(10001, 'Campo CantReg debe estar comprendido entre 1 y 9998.'));
  if (header.count !== detailCount) {
    errors.push(
      obs(
        10002,
        `Campo CantReg debe ser igual a lo informado en detalle. Informado: ${header.count}, Enviado:${detailCount}`,
      ),
    );
  }
  if (detailCount > MAX_DETAILS_PER_REQUEST) {
    errors.push(
      obs(
        10003,
        'La cantidad de registros en detalle debe ser menor igual al valor permitido. Consulte metodo FECompTotXRequest para obtener cantidad maxima de registros por cada requerimiento.',
      ),
    );
  }
  if (!CAEA_VOUCHER_TYPES.includes(header.voucherType))
    errors.push(obs(700, 'Campo CbteTipo invalido. Consultar metodo FEParamGetTiposCbte.'));
  if (header.pointOfSale < 1 || header.pointOfSale > 99998) {
    errors.push(obs(1300, 'Campo PtoVta debe estar comprendido entre 1 y 99998.'));
  } else if (!pointUsable) {
    errors.push(
      obs(
        701,
        'El punto de Venta debe ser del tipo habilitado para CAEA y no debe estar bloqueado a la fecha en que se emitio el comprobante. Consultar metodo FEParamGetPtosVenta.',
      ),
    );
  }
  return errors;
}

/** 782: the CAEA is required, 14 digits (the service answers it in Errors; a real answer, 2021). */
export const caeaMissing = (detail: CaeaRequestDetail) => !/^\d{14}$/.test(detail.caea ?? '');
export const CAEA_REQUIRED = obs(782, 'El <CAEA> es obligatorio informarlo.');

/** 703 / 704: the next number of the sequence, dated not before its last (the service's numbering, as 10016). */
export const NUMBERING = obs(
  703,
  'El numero o fecha del comprobante no se corresponde con el proximo a informar. Consultar metodo FECompUltimoAutorizado.',
);

export interface CaeaDetailFacts {
  issuerCuit: string;
  /** The CAEA the detail names, whoever it was granted to. */
  caea?: EmulatorCaea;
  /** The point of sale was informed as unused under that CAEA. */
  idle: boolean;
  /** The informing day, yyyymmdd in Argentina. */
  today: string;
}

export interface CaeaVerdict {
  refusals: Observation[];
  notes: Observation[];
}

export function checkCaeaDetail(
  detail: CaeaRequestDetail,
  header: VoucherRequestHeader,
  facts: CaeaDetailFacts,
): CaeaVerdict {
  const refusals: Observation[] = [];
  const notes: Observation[] = [];
  const refuse = (code: number, message: string) => refusals.push(obs(code, message));
  const note = (code: number, message: string) => notes.push(obs(code, message));
  const kind = voucherClass(header.voucherType);
  const date = detail.date ?? '';
  const { caea } = facts;

  if (!caea) refuse(780, 'El CAEA informado no se encuentra registrado en las bases de la Administracion.');
  else if (caea.cuit !== facts.issuerCuit)
    refuse(705, 'El CAEA informado no corresponde a la CUIT que esta informando.');
  if (!parseDate(date)) refuse(783, 'El campo CbteFch es obligatorio, formato yyyymmdd.');
  else if (caea && caea.cuit === facts.issuerCuit && (date < caea.validFrom || date > caea.validTo)) {
    refuse(702, 'El campo CbteFch debe estar comprendido dentro de la fecha desde y fecha hasta de vigencia del CAEA.');
  }
  if (caea && facts.today <= caea.validFrom) {
    refuse(
      1414,
      'Al informar un comprobante con la modalidad CAEA, la fecha en la que se informa el comprobante debe ser mayor a la fecha de entrada en vigencia del CAEA vinculado.',
    );
  }
  const inRange = (value: number) => value >= 1 && value <= 99_999_999;
  if (!inRange(detail.from) || !inRange(detail.to))
    refuse(784, 'Los campos CbteDesde y CbteHasta son obligatorios, enteros, entre 1 y 99999999.');
  if (kind === 'A' || kind === 'M') {
    if (detail.from !== detail.to)
      refuse(711, 'Para comprobantes clase A el campo CbteDesde debe ser igual al campo CbteHasta.');
    if (detail.docType !== 80) refuse(1403, 'Para comprobantes clase A el campo DocTipo debe ser igual a 80 (CUIT).');
  }
  if (kind === 'B' && detail.to < detail.from)
    refuse(1416, 'Para comprobantes tipo B, CbteHasta debe ser mayor o igual a CbteDesde.');
  if (kind === 'C') {
    if (detail.from !== detail.to) refuse(1433, 'Para comprobantes tipo C CbteHasta debe ser igual a CbteDesde.');
    if (detail.vat !== undefined) refuse(1443, 'Si el tipo de comprobante es C, el array de IVA no debe informarse.');
  }
  if (detail.docType === 80 && String(detail.docNumber) === facts.issuerCuit) {
    refuse(
      788,
      'Cuando se informa tipo de documento 80, el documento informado no puede ser el mismo al ingresado en el campo Auth Cuit.',
    );
  }
  if (!CONCEPTS.some((row) => row.id === String(detail.concept)))
    refuse(713, 'Campo Concepto invalido. Valores permitidos: 1, 2 o 3. Consultar metodo FEParamGetTiposConcepto.');
  if (!detail.currency || !CURRENCIES.some((row) => row.id === detail.currency)) {
    refuse(
      1401,
      'El campo MonId es obligatorio y debe corresponder a algun valor devuelto por el metodo FEParamGetTiposMonedas.',
    );
  }
  const rate = detail.rate?.units;
  if (
    (rate === undefined && detail.sameCurrency !== 'S') ||
    (rate !== undefined && rate <= 0n) ||
    (detail.currency === 'PES' && rate !== undefined && rate !== 1_000_000n)
  ) {
    refuse(726, 'El campo MonCotiz es obligatorio y mayor a 0. Debe ser igual a 1 (uno) si MonId es igual a PES.');
  }
  if (detail.echo.Compradores !== undefined) {
    refuse(
      1432,
      'No se encuentra habilitado informar compradores en el regimen de informacion para la modalidad CAEA.',
    );
  }
  checkGeneration(detail, date, refuse, note);
  checkReceiverCondition(detail, kind, refuse, note);
  checkTotal(detail, kind, note);
  if (facts.idle) note(1424, 'El CAEA y punto de venta no debe estar informado sin movimientos.');
  return { refusals, notes };
}

/**
 * RG 5782/2025 made every CAEA point of sale a contingency one (manual v4.6): CbteFchHsGen, when the voucher
 * was made, is required (1440) and well formed (1441), and the voucher's date near it (1445, observed).
 */
function checkGeneration(
  detail: CaeaRequestDetail,
  date: string,
  refuse: (code: number, message: string) => void,
  note: (code: number, message: string) => void,
) {
  const generated = detail.generatedAt;
  if (!generated) {
    refuse(1440, 'Si el punto de venta es para CONTINGENCIAS CAEA el campo CbteFchHsGen es obligatorio informarlo.');
    return;
  }
  const match = /^(\d{8})(\d{2})(\d{2})(\d{2})$/.exec(generated);
  if (!match || !parseDate(match[1]) || Number(match[2]) > 23 || Number(match[3]) > 59 || Number(match[4]) > 59) {
    refuse(1441, 'El campo CbteFchHsGen debe tener el formato yyyymmddhhmiss.');
    return;
  }
  const margin = detail.concept === 1 ? 5 : 10;
  if (parseDate(date) && Math.abs(daysBetween(match[1]!, date)) > margin) {
    note(
      1445,
      `El campo CbteFch podra estar comprendido en el rango N-${margin} y N+${margin} siendo N la fecha CbteFchHsGen (contingencia).`,
    );
  }
}

function checkReceiverCondition(
  detail: CaeaRequestDetail,
  kind: ReturnType<typeof voucherClass>,
  refuse: (code: number, message: string) => void,
  note: (code: number, message: string) => void,
) {
  if (detail.receiverCondition === undefined) {
    refuse(
      826,
      'Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General N° 5616. Para mas informacion consular metodo FEParamGetCondicionIvaReceptor.',
    );
    return;
  }
  const condition = RECEIVER_CONDITIONS.find((row) => row.id === detail.receiverCondition);
  if (!condition) {
    refuse(
      823,
      'El campo de identificacion de la Condicion de IVA del receptor no es un valor permitido. Para mayor detalle consular el metodo FEParamGetCondicionIvaReceptor.',
    );
  } else if (kind && !condition.classes.includes(kind)) {
    note(
      824,
      'El campo de identificacion de Condicion de IVA del receptor no es valido para la clase de comprobante informado. Para mas detalle consultar el Metodo: FEParamGetCondicionIvaReceptor',
    );
  }
}

/** 724 (observed, not refused): the parts add up to the total, with the manual's margin. */
function checkTotal(
  detail: CaeaRequestDetail,
  kind: ReturnType<typeof voucherClass>,
  note: (code: number, message: string) => void,
) {
  const parts =
    kind === 'C'
      ? (['ImpNeto', 'ImpTrib'] as const)
      : (['ImpTotConc', 'ImpNeto', 'ImpOpEx', 'ImpTrib', 'ImpIVA'] as const);
  const sum = parts.reduce((total, field) => total + detail.amounts[field].units, 0n);
  if (!close(sum, detail.amounts.ImpTotal.units)) {
    note(
      724,
      "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
    );
  }
}
