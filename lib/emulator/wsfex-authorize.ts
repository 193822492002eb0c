// FEXAuthorize: one voucher per request. A request Id already authorised answers that first result again
// (Reproceso S), as the service's idempotence promises; otherwise the checks (wsfex-checks.ts), the associated
// export vouchers' existence (1749), and, under the sequence's lock, the number that must follow the last (1535),
// then a 14-digit CAE due ten days after the voucher's date, kept for FEXGetCMP and FEXGetLast_ID.
import crypto from 'node:crypto';
import { getPointOfSale, withSequence } from '@/lib/emulator/invoicing-queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import { caeDueDate } from '@/lib/emulator/voucher-checks';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { argentinaDate, processTimestamp } from '@/lib/emulator/wsfe-values';
import { element } from '@/lib/emulator/wsfe-xml';
import { checkExportVoucher, EXPORT_TYPES_E } from '@/lib/emulator/wsfex-checks';
import {
  findExportByRequestId,
  findExportVoucher,
  insertExportVoucher,
  type EmulatorExportVoucher,
} from '@/lib/emulator/wsfex-queries';
import { readExportVoucher, type ExportVoucher } from '@/lib/emulator/wsfex-voucher';
import { fexErrXml } from '@/lib/emulator/wsfex-xml';
import { isRecord } from '@/lib/emulator/soap';

const newCae = () => String(crypto.randomInt(10_000_000_000_000, 100_000_000_000_000));

interface Outcome {
  id: number;
  voucherType: number;
  pointOfSale: number;
  number: number;
  date: string;
  cae?: string;
  caeDue?: string;
  reprocessed: boolean;
  error?: Observation;
}

export async function authorizeExport({ environment, cuit, payload, now }: WsfeCall): Promise<string> {
  const voucher = readExportVoucher(payload);
  const today = argentinaDate(now);
  const earlier = voucher.id > 0 ? await findExportByRequestId(environment, cuit, voucher.id) : undefined;
  if (earlier) return answer(cuit, again(earlier, voucher));

  const refused = (error: Observation): Outcome => ({
    ...keyOf(voucher),
    date: voucher.date ?? today,
    reprocessed: false,
    error,
  });
  const pointOfSale =
    voucher.pointOfSale >= 1 && voucher.pointOfSale <= 99998
      ? await getPointOfSale(environment, cuit, voucher.pointOfSale)
      : undefined;
  const refusal = checkExportVoucher(voucher, { environment, cuit, today, pointOfSale });
  if (refusal) return answer(cuit, refused(refusal));
  for (const item of voucher.associated ?? []) {
    if (!EXPORT_TYPES_E.includes(item.type)) continue;
    const owner = item.cuit > 0 ? String(item.cuit) : cuit;
    const sequence = { environment, cuit: owner, pointOfSale: item.pointOfSale, voucherType: item.type };
    if (!(await findExportVoucher(sequence, item.number))) {
      return answer(
        cuit,
        refused({ code: 1749, message: 'Cmps_asoc: el comprobante asociado informado debera estar autorizado.' }),
      );
    }
  }

  const sequence = { environment, cuit, pointOfSale: voucher.pointOfSale, voucherType: voucher.voucherType };
  const processedAt = processTimestamp(now);
  const date = voucher.date ?? today;
  const outcome = await withSequence(sequence, async (tx, last) => {
    // The same Id sent again while the first was in flight: its first result, once that one committed.
    const committed = voucher.id > 0 ? await findExportByRequestId(environment, cuit, voucher.id, tx) : undefined;
    if (committed) return { result: again(committed, voucher), end: last };
    if (voucher.number !== last.number + 1 || (last.date !== null && date < last.date)) {
      const error = {
        code: 1535,
        message: `Cbte_nro: el comprobante no corresponde en secuencia al proximo a autorizar (${last.number + 1}) o su fecha es anterior a la del ultimo.`,
      };
      return { result: refused(error), end: last };
    }
    const cae = newCae();
    const caeDue = caeDueDate(date);
    await insertExportVoucher(tx, {
      ...sequence,
      requestId: voucher.id,
      number: voucher.number,
      cae,
      caeDue,
      voucherDate: date,
      processedAt,
      request: isRecord(payload.Cmp) ? payload.Cmp : {},
    });
    return {
      result: { ...keyOf(voucher), date, cae, caeDue, reprocessed: false },
      end: { number: voucher.number, date },
    };
  });
  return answer(cuit, outcome);
}

const keyOf = (voucher: ExportVoucher) => ({
  id: voucher.id,
  voucherType: voucher.voucherType,
  pointOfSale: voucher.pointOfSale,
  number: voucher.number,
});

/** The same Id again: the first result when it asks for the same voucher, else refused (1014). */
function again(earlier: EmulatorExportVoucher, voucher: ExportVoucher): Outcome {
  const same =
    earlier.voucherType === voucher.voucherType &&
    earlier.pointOfSale === voucher.pointOfSale &&
    earlier.number === voucher.number;
  if (!same) {
    return {
      ...keyOf(voucher),
      date: voucher.date ?? earlier.voucherDate,
      reprocessed: false,
      error: {
        code: 1014,
        message: `Id: el Id ${voucher.id} ya fue utilizado para el comprobante ${earlier.voucherType}-${earlier.pointOfSale}-${earlier.number}.`,
      },
    };
  }
  return {
    id: Number(earlier.requestId),
    voucherType: earlier.voucherType,
    pointOfSale: earlier.pointOfSale,
    number: earlier.number,
    date: earlier.voucherDate,
    cae: earlier.cae,
    caeDue: earlier.caeDue,
    reprocessed: true,
  };
}

function answer(cuit: string, outcome: Outcome): string {
  const approved = outcome.cae !== undefined;
  return (
    `<FEXResultAuth><Id>${outcome.id}</Id><Cuit>${cuit}</Cuit><Cbte_tipo>${outcome.voucherType}</Cbte_tipo>` +
    `<Punto_vta>${outcome.pointOfSale}</Punto_vta><Cbte_nro>${outcome.number}</Cbte_nro>` +
    `${element('Cae', outcome.cae ?? '')}${element('Fch_venc_Cae', outcome.caeDue ?? '')}${element('Fch_cbte', outcome.date)}` +
    `<Resultado>${approved ? 'A' : 'R'}</Resultado><Reproceso>${outcome.reprocessed ? 'S' : 'N'}</Reproceso>` +
    `${element('Motivos_Obs', '')}</FEXResultAuth>${fexErrXml(outcome.error)}`
  );
}
