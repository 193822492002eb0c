// 15014, FECAEASolicitar's observation on a CUIT behind on its CAEA reports: "La CUIT adeuda la presentación de
// 2 quincenas consecutivas o 4 alternadas", listing what is owed as "periodo;orden;puntoVenta" (manual COMPG v4.7,
// PDF pp. 94-95). Owed: a fortnight whose reporting deadline passed with a CAEA point of sale on which its CAEA
// was neither used (vouchers informed) nor informed as unused. Only registered CAEA points of sale are known
// (the sandbox's unregistered numbers are not), so only they can be owed.
import { type Fortnight, nextFortnight } from '@/lib/ar/arca/caea-fortnight';
import type { Environment } from '@/lib/ar/environments';
import { caeaUsedOn, listCaeasPastDeadline, listIdlePoints } from '@/lib/emulator/caea-queries';
import { portalPointsOfSale } from '@/lib/emulator/queries';
import type { Observation } from '@/lib/emulator/voucher-detail';

interface Owed {
  fortnight: Fortnight;
  pointOfSale: number;
}

async function owedReports(environment: Environment, cuit: string, today: string): Promise<Owed[]> {
  const caeas = await listCaeasPastDeadline(environment, cuit, today);
  if (caeas.length === 0) return [];
  const points = (await portalPointsOfSale(environment, cuit)).filter((point) => point.emissionType === 'CAEA');
  const owed: Owed[] = [];
  for (const caea of caeas) {
    for (const point of points) {
      if (point.droppedOn && point.droppedOn.replace(/-/g, '') < caea.validFrom) continue;
      const reported =
        (await caeaUsedOn(environment, cuit, caea.caea, point.number)) ||
        (await listIdlePoints(environment, caea.caea, point.number)).length > 0;
      if (!reported)
        owed.push({ fortnight: { period: caea.period, half: caea.half === 2 ? 2 : 1 }, pointOfSale: point.number });
    }
  }
  return owed;
}

const key = ({ period, half }: Fortnight) => `${period};${half}`;

/** The observation, when the CUIT owes 2 consecutive fortnights or 4 in all. */
export async function overdueObservation(
  environment: Environment,
  cuit: string,
  today: string,
): Promise<Observation | undefined> {
  const owed = await owedReports(environment, cuit, today);
  const fortnights = [...new Map(owed.map((item) => [key(item.fortnight), item.fortnight])).values()];
  const keys = new Set(fortnights.map(key));
  const consecutive = fortnights.some((fortnight) => keys.has(key(nextFortnight(fortnight))));
  if (!consecutive && fortnights.length < 4) return undefined;
  return {
    code: 15014,
    message:
      'El contribuyente registra incumplimientos en la rendicion del regimen CAEA. La CUIT adeuda la presentacion de ' +
      `2 quincenas consecutivas o 4 alternadas: ${owed.map((item) => `${key(item.fortnight)};${item.pointOfSale}`).join(', ')}`,
  };
}
