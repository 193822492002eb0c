// WSFEX's lookups: the last number of a sequence (FEXGetLast_CMP, whose point of sale and type travel inside
// Auth), the CUIT's last request Id (FEXGetLast_ID), one authorised voucher (FEXGetCMP, 1020 when none), and a
// shipping permit's check (FEXCheck_Permiso: the emulator keeps no customs records, so a well-formed permit
// to a known country is OK). FEXGetLast_CMP and FEXGetCMP may lag behind the book (fault `lagging_lookup`).
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import { getPointOfSale, lastAuthorised } from '@/lib/emulator/invoicing-queries';
import { isRecord } from '@/lib/emulator/soap';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import { pointOfSaleUsable } from '@/lib/emulator/voucher-checks';
import { argentinaDate, readInteger, readString } from '@/lib/emulator/wsfe-values';
import { element } from '@/lib/emulator/wsfe-xml';
import { EXPORT_TYPES_E } from '@/lib/emulator/wsfex-checks';
import { findExportVoucher, lastExportBy, lastExportRequestId } from '@/lib/emulator/wsfex-queries';
import { authorisedExportXml, fexErrXml } from '@/lib/emulator/wsfex-xml';

const PERMIT = /^\d{5}[A-Z]{2}[A-Z0-9]{2}\d{6}[A-Z]$/;

export async function lastExportNumber({ environment, cuit, payload, now, seenBy }: WsfeCall): Promise<string> {
  const auth = isRecord(payload.Auth) ? payload.Auth : {};
  const pointOfSale = readInteger(auth.Pto_venta);
  const voucherType = readInteger(auth.Cbte_Tipo, 'short');
  if (!EXPORT_TYPES_E.includes(voucherType)) {
    return fexErrXml({
      code: 1606,
      message:
        'Campo Cbte_Tipo no se corresponde con alguno de los comprobantes habilitados. Recuerde que los valores son 19, 20 o 21',
    });
  }
  const point =
    pointOfSale >= 1 && pointOfSale <= 99998 ? await getPointOfSale(environment, cuit, pointOfSale) : undefined;
  if (pointOfSale < 1 || pointOfSale > 99998 || !pointOfSaleUsable(environment, point, argentinaDate(now))) {
    return fexErrXml({
      code: 1607,
      message:
        "Campo Pto_venta no es valido o no esta dado de alta como punto de venta de 'Comprobantes de Exportación - Web Services'",
    });
  }
  const sequence = { environment, cuit, pointOfSale, voucherType };
  const last = seenBy ? await lastExportBy(sequence, seenBy) : await lastAuthorised(sequence);
  return (
    `<FEXResult_LastCMP><Cbte_nro>${last.number}</Cbte_nro>${element('Cbte_fecha', last.date ?? '')}</FEXResult_LastCMP>` +
    fexErrXml()
  );
}

export async function lastExportId({ environment, cuit }: WsfeCall): Promise<string> {
  return `<FEXResultGet><Id>${await lastExportRequestId(environment, cuit)}</Id></FEXResultGet>${fexErrXml()}`;
}

export async function exportVoucher({ environment, cuit, payload, seenBy }: WsfeCall): Promise<string> {
  const cmp = isRecord(payload.Cmp) ? payload.Cmp : {};
  const sequence = {
    environment,
    cuit,
    pointOfSale: readInteger(cmp.Punto_vta),
    voucherType: readInteger(cmp.Cbte_tipo, 'short'),
  };
  const found = await findExportVoucher(sequence, readInteger(cmp.Cbte_nro, 'long'), seenBy);
  if (!found) return fexErrXml({ code: 1020, message: 'Comprobante inexistente' });
  return `${authorisedExportXml(found)}${fexErrXml()}`;
}

export async function checkPermit({ payload }: WsfeCall): Promise<string> {
  const permit = readString(payload.ID_Permiso)?.trim() ?? '';
  const destination = readInteger(payload.Dst_merc);
  if (!permit || !Object.values(COUNTRIES).some((country) => Number(country.code) === destination)) {
    return fexErrXml({
      code: 1810,
      message: 'Falta alguno de los campos de ingreso, o el pais no existe registrado en nuestras bases.',
    });
  }
  return `<FEXResultGet><Status>${PERMIT.test(permit) ? 'OK' : 'NO'}</Status></FEXResultGet>${fexErrXml()}`;
}
