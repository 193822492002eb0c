// FECAEASinMovimientoInformar and FECAEASinMovimientoConsultar: a CAEA point of sale on which nothing was
// issued during the CAEA's fortnight is informed as unused, once; and looked up. Codes from the manual's
// tables (COMPG v4.7, PDF pp. 124-125: 1200-1207, 1209; p. 190: 10100-10102, 10105); 1200's message is the
// service's own (a real answer, 2021), the others the manual's wording.
import { caeaUsedOn, findCaeaByCode, insertIdlePoint, listIdlePoints } from '@/lib/emulator/caea-queries';
import { getPointOfSale } from '@/lib/emulator/invoicing-queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { argentinaDate, readInteger, readString } from '@/lib/emulator/wsfe-values';
import { element, errorsXml } from '@/lib/emulator/wsfe-xml';

const isCaea = (code: string) => /^\d{14}$/.test(code);

async function idleRefusals({ environment, cuit, now }: WsfeCall, code: string, pointOfSale: number) {
  const errors: Observation[] = [];
  if (!isCaea(code)) errors.push({ code: 1207, message: 'El CAEA informado no tiene un formato valido.' });
  if (pointOfSale < 1 || pointOfSale > 99998)
    errors.push({ code: 1206, message: 'El punto de venta debera estar comprendido entre 1 y 99998.' });
  if (errors.length > 0) return errors;
  const caea = await findCaeaByCode(environment, code);
  if (!caea) return [{ code: 1200, message: 'El codigo de autorizacion debe ser del tipo CAEA' }];
  if (caea.cuit !== cuit)
    return [{ code: 1201, message: 'El CAEA informado no corresponde a la CUIT del emisor indicada en Auth Cuit.' }];
  const today = argentinaDate(now);
  if (today <= caea.validFrom) {
    errors.push({
      code: 1203,
      message:
        'La fecha de envio de la solicitud debe ser mayor a la fecha de inicio de vigencia del CAEA que se esta informando.',
    });
  }
  const point = await getPointOfSale(environment, cuit, pointOfSale);
  // The sandbox takes any number not registered as a CAE point of sale.
  if (point ? point.emissionType !== 'CAEA' : environment !== 'sandbox') {
    errors.push({
      code: 1204,
      message: 'El PtoVta debe corresponder a un punto de venta habilitado para el regimen CAEA.',
    });
  } else if (point?.droppedOn && point.droppedOn.replace(/-/g, '') < caea.validFrom) {
    errors.push({ code: 1205, message: 'El punto de venta debera haber estado activo durante la vigencia del CAEA.' });
  }
  if (await caeaUsedOn(environment, cuit, code, pointOfSale)) {
    errors.push({
      code: 1202,
      message: 'El CAEA y punto de venta se encuentran informados como utilizados en algun comprobante.',
    });
  }
  if ((await listIdlePoints(environment, code, pointOfSale)).length > 0) {
    errors.push({ code: 1209, message: 'El punto de venta informado como sin movimiento ya fue notificado.' });
  }
  return errors;
}

export async function informarSinMovimiento(call: WsfeCall): Promise<string> {
  const { environment, cuit, payload, now } = call;
  const code = readString(payload.CAEA)?.trim() ?? '';
  const pointOfSale = readInteger(payload.PtoVta);
  const today = argentinaDate(now);
  let errors = await idleRefusals(call, code, pointOfSale);
  if (errors.length === 0) {
    const stored = await insertIdlePoint({ environment, cuit, caea: code, pointOfSale, processedOn: today });
    // Two requests at once: the second finds the first's record.
    if (!stored)
      errors = [{ code: 1209, message: 'El punto de venta informado como sin movimiento ya fue notificado.' }];
  }
  return (
    `${element('CAEA', code)}<FchProceso>${today}</FchProceso><PtoVta>${pointOfSale}</PtoVta>` +
    `<Resultado>${errors.length ? 'R' : 'A'}</Resultado>${errorsXml(errors)}`
  );
}

export async function consultarSinMovimiento({ environment, cuit, payload, seenBy }: WsfeCall): Promise<string> {
  const code = readString(payload.CAEA)?.trim() ?? '';
  const pointOfSale = readInteger(payload.PtoVta);
  const errors: Observation[] = [];
  if (!isCaea(code)) errors.push({ code: 10100, message: 'No ingreso el CAEA o el formato es invalido.' });
  // 0 asks for every point of sale of the CAEA ("en caso de informar el punto de venta", only that one).
  if (pointOfSale < 0 || pointOfSale > 99998)
    errors.push({ code: 10101, message: 'No ingreso el Punto de Venta o el formato es invalido.' });
  if (errors.length > 0) return errorsXml(errors);
  const caea = await findCaeaByCode(environment, code);
  const idle =
    caea && caea.cuit === cuit ? await listIdlePoints(environment, code, pointOfSale || undefined, seenBy) : [];
  if (idle.length === 0) {
    if (pointOfSale > 0 && caea?.cuit === cuit && (await caeaUsedOn(environment, cuit, code, pointOfSale))) {
      return errorsXml([{ code: 10105, message: 'El punto de venta ingresado registra comprobantes informados.' }]);
    }
    return errorsXml([
      {
        code: 10102,
        message: 'El CAEA informado no se encuentra registrado en las bases de la Administracion como sin movimientos.',
      },
    ]);
  }
  return `<ResultGet>${idle
    .map(
      (row) =>
        `<FECAEASinMov><CAEA>${row.caea}</CAEA><FchProceso>${row.processedOn}</FchProceso><PtoVta>${row.pointOfSale}</PtoVta></FECAEASinMov>`,
    )
    .join('')}</ResultGet>`;
}
