// FECAEASolicitar and FECAEAConsultar: the CAEA of a fortnight, granted once per CUIT and fortnight within the
// request window (observed 15014 when the CUIT is behind on its reports, caea-overdue.ts), and looked up again.
// Codes and order from the manual's table for FECAEASolicitar (15003, 15004, 15005, 15006, 15008, 15016; COMPG
// v4.7, PDF p. 94) and FECAEAConsultar (15004, 15005, then 602); messages the service's own where a real answer
// showed one (15004, 15006, 602), else the manual's wording.
import crypto from 'node:crypto';
import {
  fortnightDays,
  isHalf,
  isPeriod,
  mayRequest,
  reportDeadline,
  requestWindow,
  type Fortnight,
} from '@/lib/ar/arca/caea-fortnight';
import { overdueObservation } from '@/lib/emulator/caea-overdue';
import { findCaea, insertCaea, type EmulatorCaea } from '@/lib/emulator/caea-queries';
import { portalPointsOfSale } from '@/lib/emulator/queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { argentinaDate, processTimestamp, readInteger } from '@/lib/emulator/wsfe-values';
import { errorsXml, observationsXml } from '@/lib/emulator/wsfe-xml';

const NO_DATA = 'No existen datos en nuestros registros para los parametros ingresados.';

/** Periodo and Orden as sent, or the refusals of their form (15004, 15005). */
function readFortnight(payload: Record<string, unknown>): { fortnight?: Fortnight; errors: Observation[] } {
  const period = readInteger(payload.Periodo);
  const half = readInteger(payload.Orden, 'short');
  const errors: Observation[] = [];
  if (!isPeriod(period)) {
    errors.push({
      code: 15004,
      message: 'El campo <Periodo> debe tener el formato AAAAMM, donde AAAA indica el año y MM el mes en números.',
    });
  }
  if (!isHalf(half)) {
    errors.push({ code: 15005, message: 'El campo <Orden> debe ser igual a 1 o 2.' });
    return { errors };
  }
  return errors.length > 0 ? { errors } : { fortnight: { period, half }, errors };
}

/** 15006's dates as the service writes them (M/d/yyyy). */
const usDate = (yyyymmdd: string) =>
  `${Number(yyyymmdd.slice(4, 6))}/${Number(yyyymmdd.slice(6, 8))}/${yyyymmdd.slice(0, 4)}`;

/**
 * The issuer's points of sale in live: at least one active CAEA point (15003) and, since RG 5782/2025 made CAEA
 * a contingency regime only, at least one active CAE point as its main way of issuing (15016). The sandbox
 * takes any point of sale number, so it asks for none.
 */
async function issuerErrors({ environment, cuit, now }: WsfeCall): Promise<Observation[]> {
  if (environment === 'sandbox') return [];
  const today = argentinaDate(now);
  const active = (await portalPointsOfSale(environment, cuit)).filter(
    (point) => !point.blocked && !(point.droppedOn && point.droppedOn.replace(/-/g, '') <= today),
  );
  const errors: Observation[] = [];
  if (!active.some((point) => point.emissionType === 'CAEA')) {
    errors.push({
      code: 15003,
      message: 'Campo CUIT: Debera poseer al menos un punto de venta activo correspondiente al regimen CAEA',
    });
  }
  if (!active.some((point) => point.emissionType === 'CAE')) {
    errors.push({
      code: 15016,
      message:
        'Se recuerda que segun la RG 5782/2025 el regimen de CAEA se aplica exclusivamente a situaciones de contingencia, ' +
        'motivo por el cual solo se permitira su uso en domicilios que cuenten con al menos un punto de venta activo ' +
        'bajo la modalidad CAE o Controlador Fiscal de Nueva Tecnologia como modalidad principal.',
    });
  }
  return errors;
}

/** 14 digits, as every CAEA in the manual's examples. */
const newCaea = () => String(crypto.randomInt(10_000_000_000_000, 100_000_000_000_000));

/** FECAEAGet: the CAEA, its fortnight, validity and reporting deadline; FchProceso as long as `processedLength`. */
const caeaXml = (caea: EmulatorCaea, processedLength: 8 | 14, observations: Observation[] = []) =>
  `<ResultGet><CAEA>${caea.caea}</CAEA><Periodo>${caea.period}</Periodo><Orden>${caea.half}</Orden>` +
  `<FchVigDesde>${caea.validFrom}</FchVigDesde><FchVigHasta>${caea.validTo}</FchVigHasta>` +
  `<FchTopeInf>${caea.reportBy}</FchTopeInf><FchProceso>${caea.processedAt.slice(0, processedLength)}</FchProceso>` +
  `${observationsXml(observations)}</ResultGet>`;

export async function solicitarCaea(call: WsfeCall): Promise<string> {
  const { environment, cuit, payload, now } = call;
  const { fortnight, errors } = readFortnight(payload);
  const refusals = [...(await issuerErrors(call)), ...errors];
  if (fortnight && !mayRequest(fortnight, argentinaDate(now))) {
    const { opens, closes } = requestWindow(fortnight);
    refusals.push({
      code: 15006,
      message:
        'Fecha de envío podrá ser desde 5 días corridos anteriores al inicio hasta el último dia de cada quincena. ' +
        `Del ${usDate(opens)} hasta ${usDate(closes)}`,
    });
  }
  if (refusals.length > 0 || !fortnight) return errorsXml(refusals);
  const { first, last } = fortnightDays(fortnight);
  const granted = await insertCaea({
    environment,
    cuit,
    period: fortnight.period,
    half: fortnight.half,
    caea: newCaea(),
    validFrom: first,
    validTo: last,
    reportBy: reportDeadline(fortnight),
    processedAt: processTimestamp(now),
  });
  if (!granted) {
    return errorsXml([
      { code: 15008, message: 'Ya existe un CAEA otorgado para la CUIT solicitante con igual periodo y orden.' },
    ]);
  }
  const overdue = await overdueObservation(environment, cuit, argentinaDate(now));
  return caeaXml(granted, 14, overdue ? [overdue] : []);
}

export async function consultarCaea({ environment, cuit, payload, seenBy }: WsfeCall): Promise<string> {
  const { fortnight, errors } = readFortnight(payload);
  if (!fortnight) return errorsXml(errors);
  const caea = await findCaea(environment, cuit, fortnight, seenBy);
  // Without a CAEA the service still echoes the two required integers (a real answer, 2021).
  if (!caea) {
    return (
      `<ResultGet><Periodo>${fortnight.period}</Periodo><Orden>${fortnight.half}</Orden></ResultGet>` +
      errorsXml([{ code: 602, message: NO_DATA }])
    );
  }
  return caeaXml(caea, 8);
}
