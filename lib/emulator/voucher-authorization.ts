// FECAESolicitar: the issuer and header checks, then each detail in order under the sequence's lock —
// numbered after the last authorised, checked, and, when nothing excludes it, given a 14-digit CAE and
// kept for FECompConsultar. A batch answers each detail's own result (P when only some pass).
import crypto from 'node:crypto';
import type { Environment } from '@/lib/ar/environments';
import {
  findTaxpayerStatus,
  findVoucher,
  getPointOfSale,
  getTaxpayerStatus,
  insertVouchers,
  type NewEmulatorVoucher,
  withSequence,
  type SequenceEnd,
} from '@/lib/emulator/invoicing-queries';
import {
  breaksSequence,
  caeDueDate,
  checkDetail,
  headerErrors,
  NUMBERING_MESSAGE,
  voucherDate,
  type DetailFacts,
  type Issuer,
} from '@/lib/emulator/voucher-checks';
import type { Observation } from '@/lib/emulator/voucher-detail';
import {
  readVoucherRequest,
  type VoucherRequestDetail,
  type VoucherRequestHeader,
} from '@/lib/emulator/voucher-request';
import { VOUCHER_TYPES } from '@/lib/emulator/wsfe-catalog';
import { argentinaDate, processTimestamp } from '@/lib/emulator/wsfe-values';
import { batchHeadXml, element, errorsXml, observationsXml } from '@/lib/emulator/wsfe-xml';

export interface WsfeCall {
  environment: Environment;
  cuit: string;
  payload: Record<string, unknown>;
  now: Date;
  /** A lagging lookup (fault `lagging_lookup`) sees only the vouchers authorised by then. */
  seenBy?: Date;
}

interface DetailOutcome {
  detail: VoucherRequestDetail;
  date: string;
  approved: boolean;
  /** Refused for its number or date (10016, reported once in Errors). */
  outOfSequence?: boolean;
  observations: Observation[];
  cae?: string;
  caeDue?: string;
}

export async function solicitarCae({ environment, cuit, payload, now }: WsfeCall): Promise<string> {
  const { header, details } = readVoucherRequest(payload);
  const today = argentinaDate(now);
  const processedAt = processTimestamp(now);
  const issuer: Issuer = {
    environment,
    cuit,
    today,
    vatStatus: await getTaxpayerStatus(environment, cuit),
    pointOfSale:
      header.pointOfSale > 0 && header.pointOfSale <= 99998
        ? await getPointOfSale(environment, cuit, header.pointOfSale)
        : undefined,
  };
  const refused = (detail: VoucherRequestDetail): DetailOutcome => ({
    detail,
    date: voucherDate(detail, today),
    approved: false,
    observations: [],
  });

  const errors = headerErrors(header, details.length, issuer);
  if (errors.length > 0) return answer(header, cuit, processedAt, details.map(refused), errors);

  const sequence = { environment, cuit, pointOfSale: header.pointOfSale, voucherType: header.voucherType };
  // What the records say about each detail is read before the lock, which then stays short.
  const facts = await Promise.all(details.map((detail) => factsOf(environment, cuit, detail)));
  const outcomes = await withSequence(sequence, async (tx, start) => {
    let last: SequenceEnd = start;
    const done: DetailOutcome[] = [];
    const authorised: NewEmulatorVoucher[] = [];
    for (const [index, detail] of details.entries()) {
      if (breaksSequence(detail, last, today)) {
        done.push({ ...refused(detail), outOfSequence: true });
        continue;
      }
      const verdict = checkDetail(detail, header, issuer, facts[index]!);
      if (verdict.refusals.length > 0) {
        done.push({ ...refused(detail), observations: verdict.refusals });
        continue;
      }
      const date = voucherDate(detail, today);
      const outcome = {
        detail,
        date,
        approved: true,
        observations: verdict.notes,
        cae: newCae(),
        caeDue: caeDueDate(date),
      };
      authorised.push({
        ...sequence,
        numberFrom: detail.from,
        numberTo: detail.to,
        cae: outcome.cae,
        caeDue: outcome.caeDue,
        processedAt,
        detail: { ...detail.echo, CbteFch: date },
        observations: verdict.notes,
      });
      done.push(outcome);
      last = { number: detail.to, date };
    }
    await insertVouchers(tx, authorised);
    return { result: done, end: last };
  });
  // The authority reports a broken sequence once, for the whole request.
  const numbering = outcomes.some((outcome) => outcome.outOfSequence)
    ? [{ code: 10016, message: NUMBERING_MESSAGE }]
    : [];
  return answer(header, cuit, processedAt, outcomes, numbering);
}

/** Associated vouchers looked up per detail (a note adjusts a few; a request may not make thousands of queries). */
const ASSOCIATED_LOOKUPS = 10;

async function factsOf(environment: Environment, cuit: string, detail: VoucherRequestDetail): Promise<DetailFacts> {
  const receiverStatus =
    detail.docType === 80 ? await findTaxpayerStatus(environment, String(detail.docNumber)) : undefined;
  const unknownAssociated: number[] = [];
  for (const [index, item] of (detail.associated ?? []).slice(0, ASSOCIATED_LOOKUPS).entries()) {
    // Only vouchers this service authorises can be looked up; remitos and the like are other systems'.
    if (!VOUCHER_TYPES.some((row) => row.id === String(item.type)) || item.number <= 0) continue;
    const owner = item.cuit && /^\d{11}$/.test(item.cuit) ? item.cuit : cuit;
    const found = await findVoucher(
      { environment, cuit: owner, pointOfSale: item.pointOfSale, voucherType: item.type },
      item.number,
    );
    if (!found) unknownAssociated.push(index);
  }
  return { receiverStatus, unknownAssociated };
}

/** 14 digits, as every CAE the authority gives. */
const newCae = () => String(crypto.randomInt(10_000_000_000_000, 100_000_000_000_000));

function answer(
  header: VoucherRequestHeader,
  cuit: string,
  processedAt: string,
  outcomes: DetailOutcome[],
  errors: Observation[],
): string {
  const passed = outcomes.filter((outcome) => outcome.approved).length;
  const head = batchHeadXml(header, cuit, processedAt, { passed, of: outcomes.length });
  const details = outcomes
    .map(
      ({ detail, date, approved: ok, observations, cae, caeDue }) =>
        '<FECAEDetResponse>' +
        `<Concepto>${detail.concept}</Concepto><DocTipo>${detail.docType}</DocTipo><DocNro>${detail.docNumber}</DocNro>` +
        `<CbteDesde>${detail.from}</CbteDesde><CbteHasta>${detail.to}</CbteHasta>${element('CbteFch', date)}` +
        `<Resultado>${ok ? 'A' : 'R'}</Resultado>${observationsXml(observations)}` +
        `${element('CAE', cae ?? '')}${element('CAEFchVto', caeDue ?? '')}</FECAEDetResponse>`,
    )
    .join('');
  return `${head}${details ? `<FeDetResp>${details}</FeDetResp>` : ''}${errorsXml(errors)}`;
}
