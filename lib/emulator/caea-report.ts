// FECAEARegInformativo: the vouchers issued under a CAEA, informed in batches of one CAEA point of sale and
// voucher type. The header's checks refuse the whole request; then, under the sequence's lock, each detail is
// numbered after the last informed (re-informing one already informed breaks the numbering: 703, as CAE's
// 10016) and checked, and kept with its CAEA for FECompConsultar and the book. Each detail answers its own
// result (P when only some pass). What the manual's examples show: FeCabResp as FECAESolicitar's, each
// FECAEADetResponse echoing the CAEA.
import { findCaeaByCode, listIdlePoints, type EmulatorCaea } from '@/lib/emulator/caea-queries';
import {
  CAEA_REQUIRED,
  caeaHeaderErrors,
  caeaMissing,
  caeaPointUsable,
  checkCaeaDetail,
  NUMBERING,
} from '@/lib/emulator/caea-checks';
import { readCaeaRequest, type CaeaRequestDetail } from '@/lib/emulator/caea-request';
import {
  getPointOfSale,
  insertVouchers,
  type NewEmulatorVoucher,
  type SequenceEnd,
  withSequence,
} from '@/lib/emulator/invoicing-queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import type { Observation } from '@/lib/emulator/voucher-detail';
import type { VoucherRequestHeader } from '@/lib/emulator/voucher-request';
import { argentinaDate, processTimestamp } from '@/lib/emulator/wsfe-values';
import { batchHeadXml, element, errorsXml, observationsXml } from '@/lib/emulator/wsfe-xml';

interface ReportOutcome {
  detail: CaeaRequestDetail;
  accepted: boolean;
  observations: Observation[];
  /** Refused for its number or date (703), or for a missing CAEA (782): reported once in Errors. */
  requestLevel?: Observation;
}

export async function informarCaea({ environment, cuit, payload, now }: WsfeCall): Promise<string> {
  const { header, details } = readCaeaRequest(payload);
  const today = argentinaDate(now);
  const processedAt = processTimestamp(now);
  const refused = (detail: CaeaRequestDetail): ReportOutcome => ({ detail, accepted: false, observations: [] });
  const inRange = header.pointOfSale >= 1 && header.pointOfSale <= 99998;
  const point = inRange ? await getPointOfSale(environment, cuit, header.pointOfSale) : undefined;
  const errors = caeaHeaderErrors(header, details.length, caeaPointUsable(environment, point, today));
  if (errors.length > 0) return answer(header, cuit, processedAt, details.map(refused), errors);

  // What the records say of each detail's CAEA is read before the sequence's lock, which then stays short.
  const caeas = new Map<string, EmulatorCaea | undefined>();
  for (const code of new Set(details.map((detail) => detail.caea ?? ''))) {
    caeas.set(code, /^\d{14}$/.test(code) ? await findCaeaByCode(environment, code) : undefined);
  }
  const idle = new Set<string>();
  for (const code of caeas.keys()) {
    if ((await listIdlePoints(environment, code, header.pointOfSale)).length > 0) idle.add(code);
  }

  const sequence = { environment, cuit, pointOfSale: header.pointOfSale, voucherType: header.voucherType };
  const outcomes = await withSequence(sequence, async (tx, start) => {
    let last: SequenceEnd = start;
    const done: ReportOutcome[] = [];
    const informed: NewEmulatorVoucher[] = [];
    for (const detail of details) {
      if (caeaMissing(detail)) {
        done.push({ ...refused(detail), requestLevel: CAEA_REQUIRED });
        continue;
      }
      const date = detail.date ?? '';
      if (detail.from !== last.number + 1 || (last.date !== null && /^\d{8}$/.test(date) && date < last.date)) {
        done.push({ ...refused(detail), requestLevel: NUMBERING });
        continue;
      }
      const caea = caeas.get(detail.caea!);
      const verdict = checkCaeaDetail(detail, header, {
        issuerCuit: cuit,
        caea,
        idle: idle.has(detail.caea!),
        today,
      });
      if (verdict.refusals.length > 0) {
        done.push({ ...refused(detail), observations: verdict.refusals });
        continue;
      }
      informed.push({
        ...sequence,
        numberFrom: detail.from,
        numberTo: detail.to,
        cae: caea!.caea,
        // FECompConsultar's FchVto for a CAEA voucher is the CAEA's FchVigHasta (manual, PDF pp. 193-194).
        caeDue: caea!.validTo,
        processedAt,
        detail: detail.echo,
        observations: verdict.notes,
        emission: 'CAEA',
        generatedAt: detail.generatedAt ?? null,
      });
      done.push({ detail, accepted: true, observations: verdict.notes });
      last = { number: detail.to, date };
    }
    await insertVouchers(tx, informed);
    return { result: done, end: last };
  });
  // Like CAE's 10016, a request-level refusal is reported once, for the whole request.
  const requestLevel = [
    ...new Map(
      outcomes.flatMap((outcome) => (outcome.requestLevel ? [outcome.requestLevel] : [])).map((o) => [o.code, o]),
    ).values(),
  ];
  return answer(header, cuit, processedAt, outcomes, requestLevel);
}

function answer(
  header: VoucherRequestHeader,
  cuit: string,
  processedAt: string,
  outcomes: ReportOutcome[],
  errors: Observation[],
): string {
  const passed = outcomes.filter((outcome) => outcome.accepted).length;
  const head = batchHeadXml(header, cuit, processedAt, { passed, of: outcomes.length });
  const details = outcomes
    .map(
      ({ detail, accepted: ok, observations }) =>
        '<FECAEADetResponse>' +
        `<Concepto>${detail.concept}</Concepto><DocTipo>${detail.docType}</DocTipo><DocNro>${detail.docNumber}</DocNro>` +
        `<CbteDesde>${detail.from}</CbteDesde><CbteHasta>${detail.to}</CbteHasta>${element('CbteFch', detail.date ?? '')}` +
        `<Resultado>${ok ? 'A' : 'R'}</Resultado>${observationsXml(observations)}${element('CAEA', detail.caea ?? '')}` +
        '</FECAEADetResponse>',
    )
    .join('');
  return `${head}${details ? `<FeDetResp>${details}</FeDetResp>` : ''}${errorsXml(errors)}`;
}
