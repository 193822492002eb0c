// FECAEARegInformativo's request read as FECAESolicitar's (voucher-request.ts): `FeCAEARegInfReq` holds the
// same header and details, each detail (`FECAEADetRequest`) extending FECAESolicitar's with the CAEA it was
// issued under and, for a contingency point of sale, when it was made (`CbteFchHsGen`, yyyymmddhhmiss).
import { isRecord } from '@/lib/emulator/soap';
import {
  readVoucherRequest,
  type VoucherRequestDetail,
  type VoucherRequestHeader,
} from '@/lib/emulator/voucher-request';
import { readString } from '@/lib/emulator/wsfe-values';

export interface CaeaRequestDetail extends VoucherRequestDetail {
  /** As sent; undefined when absent. */
  caea?: string;
  generatedAt?: string;
}

const itemsOf = (value: unknown): Record<string, unknown>[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => (isRecord(item) ? item : {}));

export function readCaeaRequest(payload: Record<string, unknown>): {
  header: VoucherRequestHeader;
  details: CaeaRequestDetail[];
} {
  const request = isRecord(payload.FeCAEARegInfReq) ? payload.FeCAEARegInfReq : {};
  const list = isRecord(request.FeDetReq) ? request.FeDetReq.FECAEADetRequest : undefined;
  const { header, details } = readVoucherRequest({
    FeCAEReq: { FeCabReq: request.FeCabReq, FeDetReq: { FECAEDetRequest: list } },
  });
  const raw = itemsOf(list);
  return {
    header,
    details: details.map((detail, index) => ({
      ...detail,
      caea: readString(raw[index]?.CAEA)?.trim(),
      generatedAt: readString(raw[index]?.CbteFchHsGen)?.trim(),
    })),
  };
}
