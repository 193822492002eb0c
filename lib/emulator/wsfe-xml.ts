// WSFEv1's answers written as its .NET serializer writes them: one line, empty strings as `<X />`,
// Errors/Observaciones lists, and a voucher detail in the WSDL's order.
import { escapeXml } from '@/lib/ar/xml';
import { DETAIL_ARRAYS, DETAIL_FIELDS, type DetailArray } from '@/lib/ar/arca/wsfe-detail-order';
import type { DetailItem, Observation, VoucherDetail } from '@/lib/emulator/voucher-detail';
import type { VoucherRequestHeader } from '@/lib/emulator/voucher-request';

export const element = (name: string, value: string | number) => {
  const text = typeof value === 'number' ? String(value) : escapeXml(value);
  return text === '' ? `<${name} />` : `<${name}>${text}</${name}>`;
};

const messages = (list: Observation[]) =>
  list.map((item) => `<Code>${item.code}</Code><Msg>${escapeXml(item.message)}</Msg>`);

export const errorsXml = (list: Observation[]) =>
  list.length
    ? `<Errors>${messages(list)
        .map((inner) => `<Err>${inner}</Err>`)
        .join('')}</Errors>`
    : '';

export const observationsXml = (list: Observation[]) =>
  list.length
    ? `<Observaciones>${messages(list)
        .map((inner) => `<Obs>${inner}</Obs>`)
        .join('')}</Observaciones>`
    : '';

const itemXml = (item: DetailItem, fields: readonly string[]) =>
  fields
    .filter((field) => item[field] !== undefined)
    .map((field) => element(field, item[field]!))
    .join('');

/** The detail's fields in the WSDL's order: absent strings omitted, arrays only when sent. */
export function detailXml(detail: VoucherDetail): string {
  return DETAIL_FIELDS.map((field) => {
    if (field in DETAIL_ARRAYS) {
      const items = detail[field as DetailArray];
      const { item, fields } = DETAIL_ARRAYS[field as DetailArray];
      return items === undefined
        ? ''
        : `<${field}>${items.map((entry) => `<${item}>${itemXml(entry, fields)}</${item}>`).join('')}</${field}>`;
    }
    if (field === 'PeriodoAsoc') {
      return detail.PeriodoAsoc === undefined
        ? ''
        : `<PeriodoAsoc>${itemXml(detail.PeriodoAsoc, ['FchDesde', 'FchHasta'])}</PeriodoAsoc>`;
    }
    const value = detail[field as Exclude<typeof field, DetailArray | 'PeriodoAsoc'>];
    return value === undefined ? '' : element(field, value);
  }).join('');
}

/** A batch answer's `FeCabResp` (FECAESolicitar, FECAEARegInformativo): A when every detail passed, R when none, P else. */
export function batchHeadXml(
  header: VoucherRequestHeader,
  cuit: string,
  processedAt: string,
  details: { passed: number; of: number },
): string {
  const result = details.passed === 0 ? 'R' : details.passed === details.of ? 'A' : 'P';
  return (
    `<FeCabResp><Cuit>${cuit}</Cuit><PtoVta>${header.pointOfSale}</PtoVta><CbteTipo>${header.voucherType}</CbteTipo>` +
    `<FchProceso>${processedAt}</FchProceso><CantReg>${header.count}</CantReg><Resultado>${result}</Resultado>` +
    '<Reproceso>N</Reproceso></FeCabResp>'
  );
}
