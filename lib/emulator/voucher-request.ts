// FECAESolicitar's request read as the .NET deserializer reads it: missing integers are 0, numbers that
// do not parse make the whole request unreadable, amounts are kept exact (cents, MonCotiz in millionths).
import { isRecord } from '@/lib/emulator/soap';
import { DETAIL_ARRAYS, type DetailArray } from '@/lib/ar/arca/wsfe-detail-order';
import type { VoucherDetail } from '@/lib/emulator/voucher-detail';
import {
  formatFixed,
  readDouble,
  readInteger,
  readOptionalInteger,
  readString,
  type Fixed,
} from '@/lib/emulator/wsfe-values';

export interface VoucherRequestHeader {
  count: number;
  pointOfSale: number;
  voucherType: number;
}

export const AMOUNT_FIELDS = ['ImpTotal', 'ImpTotConc', 'ImpNeto', 'ImpOpEx', 'ImpTrib', 'ImpIVA'] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];

export interface AssociatedVoucher {
  type: number;
  pointOfSale: number;
  number: number;
  cuit?: string;
  date?: string;
}
export interface Tribute {
  id: number;
  desc?: string;
  base: Fixed;
  rate: Fixed;
  amount: Fixed;
}
export interface VatLine {
  id: number;
  base: Fixed;
  amount: Fixed;
}
export interface Optional {
  id?: string;
  value?: string;
}

export interface VoucherRequestDetail {
  concept: number;
  docType: number;
  docNumber: number;
  from: number;
  to: number;
  /** As sent; undefined or empty when the service should use the processing date. */
  date?: string;
  amounts: Record<AmountField, Fixed>;
  serviceFrom?: string;
  serviceTo?: string;
  paymentDue?: string;
  currency?: string;
  /** In millionths; undefined when not sent. */
  rate?: Fixed;
  sameCurrency?: string;
  receiverCondition?: number;
  /** undefined: the element was not sent; []: sent with no items. */
  associated?: AssociatedVoucher[];
  tributes?: Tribute[];
  vat?: VatLine[];
  optionals?: Optional[];
  period?: { from?: string; to?: string };
  /** The detail as stored and echoed (the date filled in by the caller when it was not sent). */
  echo: VoucherDetail;
}

export function readVoucherRequest(payload: Record<string, unknown>): {
  header: VoucherRequestHeader;
  details: VoucherRequestDetail[];
} {
  const request = isRecord(payload.FeCAEReq) ? payload.FeCAEReq : {};
  const head = isRecord(request.FeCabReq) ? request.FeCabReq : {};
  const header = {
    count: readInteger(head.CantReg),
    pointOfSale: readInteger(head.PtoVta),
    voucherType: readInteger(head.CbteTipo),
  };
  const details = itemsOf(isRecord(request.FeDetReq) ? request.FeDetReq.FECAEDetRequest : undefined).map(readDetail);
  return { header, details };
}

/** An array element's items: one item parses as an object, several as a list, a nil or empty one as ''. */
function itemsOf(value: unknown): Record<string, unknown>[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => (isRecord(item) ? item : {}));
}

function arrayOf(detail: Record<string, unknown>, name: DetailArray): Record<string, unknown>[] | undefined {
  const wrapper = detail[name];
  if (wrapper === undefined) return undefined;
  return isRecord(wrapper) ? itemsOf(wrapper[DETAIL_ARRAYS[name].item]) : [];
}

function readDetail(raw: Record<string, unknown>): VoucherRequestDetail {
  const amounts = Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, readDouble(raw[field], 2)])) as Record<
    AmountField,
    Fixed
  >;
  const rate = raw.MonCotiz === undefined ? undefined : readDouble(raw.MonCotiz, 6);
  const associated = arrayOf(raw, 'CbtesAsoc')?.map((item) => ({
    type: readInteger(item.Tipo),
    pointOfSale: readInteger(item.PtoVta),
    number: readInteger(item.Nro, 'long'),
    cuit: readString(item.Cuit),
    date: readString(item.CbteFch),
  }));
  const tributes = arrayOf(raw, 'Tributos')?.map((item) => ({
    id: readInteger(item.Id, 'short'),
    desc: readString(item.Desc),
    base: readDouble(item.BaseImp, 2),
    rate: readDouble(item.Alic, 2),
    amount: readDouble(item.Importe, 2),
  }));
  const vat = arrayOf(raw, 'Iva')?.map((item) => ({
    id: readInteger(item.Id),
    base: readDouble(item.BaseImp, 2),
    amount: readDouble(item.Importe, 2),
  }));
  const optionals = arrayOf(raw, 'Opcionales')?.map((item) => ({
    id: readString(item.Id),
    value: readString(item.Valor),
  }));
  const buyers = arrayOf(raw, 'Compradores')?.map((item) => ({
    DocTipo: String(readInteger(item.DocTipo)),
    DocNro: String(readInteger(item.DocNro, 'long')),
    Porcentaje: formatFixed(readDouble(item.Porcentaje, 2).units, 2),
  }));
  const activities = arrayOf(raw, 'Actividades')?.map((item) => ({ Id: String(readInteger(item.Id, 'long')) }));
  const periodRaw = raw.PeriodoAsoc === undefined ? undefined : isRecord(raw.PeriodoAsoc) ? raw.PeriodoAsoc : {};
  const period = periodRaw && { from: readString(periodRaw.FchDesde), to: readString(periodRaw.FchHasta) };

  const detail: VoucherRequestDetail = {
    concept: readInteger(raw.Concepto),
    docType: readInteger(raw.DocTipo),
    docNumber: readInteger(raw.DocNro, 'long'),
    from: readInteger(raw.CbteDesde, 'long'),
    to: readInteger(raw.CbteHasta, 'long'),
    date: readString(raw.CbteFch),
    amounts,
    serviceFrom: readString(raw.FchServDesde),
    serviceTo: readString(raw.FchServHasta),
    paymentDue: readString(raw.FchVtoPago),
    currency: readString(raw.MonId),
    rate,
    sameCurrency: readString(raw.CanMisMonExt),
    receiverCondition: readOptionalInteger(raw.CondicionIVAReceptorId),
    associated,
    tributes,
    vat,
    optionals,
    period,
    echo: {},
  };
  detail.echo = {
    Concepto: String(detail.concept),
    DocTipo: String(detail.docType),
    DocNro: String(detail.docNumber),
    CbteDesde: String(detail.from),
    CbteHasta: String(detail.to),
    CbteFch: detail.date ?? '',
    ...Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, formatFixed(amounts[field].units, 2)])),
    FchServDesde: detail.serviceFrom ?? '',
    FchServHasta: detail.serviceTo ?? '',
    FchVtoPago: detail.paymentDue ?? '',
    ...(detail.currency === undefined ? {} : { MonId: detail.currency }),
    MonCotiz: formatFixed(rate?.units ?? 0n, 6),
    ...(detail.sameCurrency === undefined ? {} : { CanMisMonExt: detail.sameCurrency }),
    ...(detail.receiverCondition === undefined ? {} : { CondicionIVAReceptorId: String(detail.receiverCondition) }),
    CbtesAsoc: associated?.map((item) => ({
      Tipo: String(item.type),
      PtoVta: String(item.pointOfSale),
      Nro: String(item.number),
      ...(item.cuit === undefined ? {} : { Cuit: item.cuit }),
      ...(item.date === undefined ? {} : { CbteFch: item.date }),
    })),
    Tributos: tributes?.map((item) => ({
      Id: String(item.id),
      ...(item.desc === undefined ? {} : { Desc: item.desc }),
      BaseImp: formatFixed(item.base.units, 2),
      Alic: formatFixed(item.rate.units, 2),
      Importe: formatFixed(item.amount.units, 2),
    })),
    Iva: vat?.map((item) => ({
      Id: String(item.id),
      BaseImp: formatFixed(item.base.units, 2),
      Importe: formatFixed(item.amount.units, 2),
    })),
    Opcionales: optionals?.map((item) => ({
      ...(item.id === undefined ? {} : { Id: item.id }),
      ...(item.value === undefined ? {} : { Valor: item.value }),
    })),
    Compradores: buyers,
    ...(period
      ? {
          PeriodoAsoc: {
            ...(period.from === undefined ? {} : { FchDesde: period.from }),
            ...(period.to === undefined ? {} : { FchHasta: period.to }),
          },
        }
      : {}),
    Actividades: activities,
  };
  return detail;
}
