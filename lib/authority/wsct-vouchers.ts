// WSCT's vouchers, as our client asks for them: the last number of a sequence
// (consultarUltimoComprobanteAutorizado), one voucher as the authority authorised it
// (consultarComprobanteTipoPVentaNro), and the CAE for one voucher (autorizarComprobante), which goes out once:
// a lost answer is reported as such, and the caller asks for the voucher before anything is sent again.
import 'server-only';
import type { WsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import type { Environment } from '@/lib/ar/environments';
import type { XmlValue } from '@/lib/ar/wsct-xml';
import { asList, callWsct, wsctErrors, wsctRejected, type WsctAuth, type WsctError } from '@/lib/authority/wsct-client';

/** "Debe tener al menos un comprobante emitido…": no voucher yet in that sequence (1002), or not that one (2002). */
const NONE_YET = ['1002', '2002'];

export interface WsctSequence {
  pointOfSale: number;
  docType: number;
}

export async function wsctLastNumber(environment: Environment, auth: WsctAuth, sequence: WsctSequence) {
  const result = await callWsct(environment, 'consultarUltimoComprobanteAutorizado', auth, {
    codigoTipoComprobante: sequence.docType,
    numeroPuntoVenta: sequence.pointOfSale,
  });
  const errors = wsctErrors(result);
  if (errors.some((error) => NONE_YET.includes(error.code))) return 0;
  if (errors.length > 0) throw wsctRejected(errors[0]!);
  return Number(result.numeroComprobante ?? 0);
}

export interface WsctAuthorised {
  number: number;
  cae: string;
  /** yyyy-mm-dd */
  caeDue: string;
  /** The voucher's elements as the authority returned them. */
  fields: Record<string, unknown>;
}

/** The voucher as authorised, or undefined when the authority has no such voucher. */
export async function wsctVoucher(
  environment: Environment,
  auth: WsctAuth,
  sequence: WsctSequence,
  number: number,
): Promise<WsctAuthorised | undefined> {
  const result = await callWsct(environment, 'consultarComprobanteTipoPVentaNro', auth, {
    codigoTipoComprobante: sequence.docType,
    numeroPuntoVenta: sequence.pointOfSale,
    numeroComprobante: number,
  });
  const errors = wsctErrors(result);
  if (errors.some((error) => NONE_YET.includes(error.code))) return undefined;
  if (errors.length > 0) throw wsctRejected(errors[0]!);
  const voucher = result.comprobante as Record<string, unknown> | undefined;
  if (!voucher) return undefined;
  return {
    number: Number(voucher.numeroComprobante),
    cae: String(voucher.codigoAutorizacion ?? ''),
    caeDue: String(voucher.fechaVencimiento ?? ''),
    fields: voucher,
  };
}

export interface WsctResult {
  /** A (authorised), O (authorised with observations), R (refused). */
  result: string;
  cae?: string;
  /** yyyy-mm-dd */
  caeDue?: string;
  errors: WsctError[];
  observations: WsctError[];
}

/** autorizarComprobante: one voucher, sent once (never retried on a kept-alive connection found closed). */
export async function wsctAuthorise(
  environment: Environment,
  auth: WsctAuth,
  voucher: WsctComprobante,
): Promise<WsctResult> {
  const result = await callWsct(
    environment,
    'autorizarComprobante',
    auth,
    { comprobanteRequest: voucher as unknown as { [key: string]: XmlValue } },
    { idempotent: false },
  );
  const response = result.comprobanteResponse as Record<string, unknown> | undefined;
  type Entry = { codigo?: string; descripcion?: string };
  const observations = asList(
    (result.arrayObservaciones as { codigoDescripcion?: Entry | Entry[] } | undefined)?.codigoDescripcion,
  ).map((entry) => ({ code: String(entry.codigo ?? ''), message: String(entry.descripcion ?? '') }));
  return {
    result: String(result.resultado ?? ''),
    ...(response?.CAE ? { cae: String(response.CAE), caeDue: String(response.fechaVencimientoCAE ?? '') } : {}),
    errors: wsctErrors(result),
    observations,
  };
}
