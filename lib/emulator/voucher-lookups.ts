// What the emulated WSFEv1 tells about vouchers already authorised (or, under a CAEA, informed): a sequence's last number
// (FECompUltimoAutorizado), one voucher as it was authorised (FECompConsultar), and how many vouchers one
// FECAESolicitar may carry (FECompTotXRequest).
import { caeaPointUsable } from '@/lib/emulator/caea-checks';
import { isRecord } from '@/lib/emulator/soap';
import { findVoucher, getPointOfSale, lastAuthorised, lastAuthorisedBy } from '@/lib/emulator/invoicing-queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import { MAX_DETAILS_PER_REQUEST, pointOfSaleUsable } from '@/lib/emulator/voucher-checks';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { VOUCHER_TYPES } from '@/lib/emulator/wsfe-catalog';
import { argentinaDate, readInteger } from '@/lib/emulator/wsfe-values';
import { detailXml, element, errorsXml, observationsXml } from '@/lib/emulator/wsfe-xml';

const isVoucherType = (type: number) => VOUCHER_TYPES.some((row) => row.id === String(type));

export async function ultimoAutorizado({ environment, cuit, payload, now, seenBy }: WsfeCall): Promise<string> {
  const pointOfSale = readInteger(payload.PtoVta);
  const voucherType = readInteger(payload.CbteTipo);
  const errors: Observation[] = [];
  if (pointOfSale < 1 || pointOfSale > 99998) {
    errors.push({ code: 11000, message: 'El PtoVta debe ser valido comprendido entre 1 y 99998' });
  }
  if (!isVoucherType(voucherType)) {
    errors.push({
      code: 11001,
      message: 'Debe de ser algunos de los habilitados en este WS. Consultar metodo FEParamGetTiposCbte',
    });
  }
  // Both kinds of point of sale: a CAEA one answers the last voucher informed (the manual lists this lookup for both).
  const point = errors.length === 0 ? await getPointOfSale(environment, cuit, pointOfSale) : undefined;
  const today = argentinaDate(now);
  if (
    errors.length === 0 &&
    !pointOfSaleUsable(environment, point, today) &&
    !caeaPointUsable(environment, point, today)
  ) {
    errors.push({
      code: 11002,
      message: 'El punto de venta no se encuentra habilitado a usar el presente WS. Ver metodo FEParamGetPtosVenta',
    });
  }
  const sequence = { environment, cuit, pointOfSale, voucherType };
  const last = errors.length
    ? 0
    : seenBy
      ? await lastAuthorisedBy(sequence, seenBy)
      : (await lastAuthorised(sequence)).number;
  return `<PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo><CbteNro>${last}</CbteNro>${errorsXml(errors)}`;
}

export async function compConsultar({ environment, cuit, payload, seenBy }: WsfeCall): Promise<string> {
  const query = isRecord(payload.FeCompConsReq) ? payload.FeCompConsReq : {};
  const voucherType = readInteger(query.CbteTipo);
  const number = readInteger(query.CbteNro, 'long');
  const pointOfSale = readInteger(query.PtoVta);
  const errors: Observation[] = [];
  if (pointOfSale < 1 || pointOfSale > 99998)
    errors.push({ code: 10200, message: 'No ingreso el Punto de Venta o el formato es invalido.' });
  if (!isVoucherType(voucherType))
    errors.push({ code: 10201, message: 'No ingreso el Tipo de Comprobante, o el tipo de comprobante es invalido.' });
  if (errors.length === 0 && environment === 'live' && !(await getPointOfSale(environment, cuit, pointOfSale))) {
    errors.push({ code: 10104, message: 'El punto de venta ingresado no se encuentra registrado.' });
  }
  if (number < 1)
    errors.push({ code: 10202, message: 'No ingreso el numero de comprobante o el formato es invalido.' });
  if (errors.length) return errorsXml(errors);
  const voucher = await findVoucher({ environment, cuit, pointOfSale, voucherType }, number, seenBy);
  if (!voucher)
    return errorsXml([
      { code: 602, message: 'No existen datos en nuestros registros para los parametros ingresados.' },
    ]);
  return (
    `<ResultGet>${detailXml(voucher.detail)}<Resultado>A</Resultado>${element('CodAutorizacion', voucher.cae)}` +
    `<EmisionTipo>${voucher.emission}</EmisionTipo>${element('FchVto', voucher.caeDue)}${element('FchProceso', voucher.processedAt)}` +
    `${observationsXml(voucher.observations)}<PtoVta>${voucher.pointOfSale}</PtoVta><CbteTipo>${voucher.voucherType}</CbteTipo></ResultGet>`
  );
}

export const compTotXRequest = async () => `<RegXReq>${MAX_DETAILS_PER_REQUEST}</RegXReq>`;
