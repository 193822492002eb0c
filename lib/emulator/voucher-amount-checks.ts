// FECAESolicitar's checks on a detail's amounts: IVA lines against their bases and rates, tributes,
// the parts adding up to the total, precision, and the currency and its rate. Every comparison allows
// the manual's margin; amounts are exact fixed-point (cents; MonCotiz in millionths).
import type { AmountField, VoucherRequestDetail } from '@/lib/emulator/voucher-request';
import { CURRENCIES, REFERENCE_RATES, TRIBUTES, VAT_RATES, type VoucherClass } from '@/lib/emulator/wsfe-catalog';

export type Refuse = (code: number, message: string) => void;

/** The manual's margin: a relative error up to 0.01 %, or an absolute one up to 0.01 per item summed. */
export function close(calculated: bigint, declared: bigint, items = 1): boolean {
  const difference = calculated > declared ? calculated - declared : declared - calculated;
  const magnitude = declared < 0n ? -declared : declared;
  return difference <= BigInt(items) || difference * 10_000n <= magnitude;
}

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

/** Notes adjust amounts, so their IVA lines may have no rate, base or amount (10019-10021, 10051, 10061). */
const ADJUSTING_NOTES = [2, 3, 7, 8, 52, 53];

export function checkVat(detail: VoucherRequestDetail, voucherType: number, refuse: Refuse) {
  const { amounts, vat } = detail;
  const adjusting = ADJUSTING_NOTES.includes(voucherType);
  if (
    (amounts.ImpIVA.units > 0n && !vat?.length) ||
    (vat !== undefined && vat.length === 0) ||
    (amounts.ImpIVA.units === 0n && vat?.some((line) => line.id !== 3))
  ) {
    refuse(
      10018,
      'Si ImpIva es mayor a 0 el objeto Iva y AlicIva son obligatorios. Si ImpIva es igual a 0 los objetos Iva y AlicIva solo deben informarse con Id = 3 (iva 0).',
    );
  }
  if (!vat?.length) return;
  const rates = vat.map((line) => VAT_RATES.find((rate) => rate.id === String(line.id)));
  if (rates.some((rate, index) => !rate && !(adjusting && vat[index]!.id === 0))) {
    refuse(
      10019,
      'El campo Id en AlicIva es obligatorio y debe corresponder a un valor devuelto por el metodo FEParamGetTiposIva.',
    );
  }
  if (vat.some((line) => (adjusting ? line.base.units < 0n : line.base.units <= 0n))) {
    refuse(10020, 'El campo BaseImp en AlicIva es obligatorio y debe ser mayor a 0 cero.');
  }
  if (vat.some((line) => line.amount.units < 0n))
    refuse(10021, 'El campo Importe en AlicIva es obligatorio, mayor o igual a 0 cero.');
  if (new Set(vat.map((line) => line.id)).size !== vat.length) {
    refuse(10022, 'El campo Id en AlicIva no debe repetirse. Debera totalizarse por alicuota.');
  }
  if (!close(sum(vat.map((line) => line.amount.units)), amounts.ImpIVA.units, vat.length)) {
    refuse(10023, 'La suma de los campos Importe en AlicIva debe ser igual al valor ingresado en ImpIVA.');
  }
  if (
    !adjusting &&
    vat.some((line, index) => {
      const rate = rates[index];
      // Both sides in thousandths of a cent: BaseImp × rate against Importe.
      return rate !== undefined && !close(line.base.units * rate.perMille, line.amount.units * 1000n, 1000);
    })
  ) {
    refuse(10051, 'Los importes informados en AlicIVA no se corresponden con el porcentaje.');
  }
  if (!adjusting && !close(sum(vat.map((line) => line.base.units)), amounts.ImpNeto.units, vat.length)) {
    refuse(10061, 'La suma de los campos BaseImp en AlicIva debe ser igual al valor ingresado en ImpNeto.');
  }
}

export function checkTributes(detail: VoucherRequestDetail, refuse: Refuse) {
  const { amounts, tributes } = detail;
  if (
    (amounts.ImpTrib.units > 0n && !tributes?.length) ||
    (amounts.ImpTrib.units === 0n && tributes !== undefined) ||
    (tributes !== undefined && tributes.length === 0)
  ) {
    refuse(
      10024,
      'Si ImpTrib es mayor a 0 el objeto Tributos y Tributo son obligatorios. Si ImpTrib es igual a 0 los objetos Tributos y Tributo no deben informarse.',
    );
  }
  if (!tributes?.length) return;
  if (tributes.some((line) => !TRIBUTES.some((row) => row.id === String(line.id)))) {
    refuse(
      10025,
      'El campo Id en Tributo es obligatorio y debe ser alguno de los devueltos por el metodo FEParamGetTiposTributos.',
    );
  }
  if (tributes.some((line) => line.base.units < 0n))
    refuse(10026, 'El campo BaseImp en Tributo es obligatorio y debe ser mayor o igual a 0 cero.');
  if (tributes.some((line) => line.rate.units < 0n))
    refuse(10027, 'El campo Alic en Tributo es obligatorio, mayor o igual a 0 cero.');
  if (tributes.some((line) => line.amount.units < 0n))
    refuse(10028, 'El campo Importe en Tributo es obligatorio, mayor o igual a 0 cero.');
  if (!close(sum(tributes.map((line) => line.amount.units)), amounts.ImpTrib.units, tributes.length)) {
    refuse(10029, 'La suma de los importes en Tributo debe ser igual al valor ingresado en ImpTrib.');
  }
  if (tributes.some((line) => line.id === 99 && !line.desc?.trim()))
    refuse(10042, 'El campo Desc en Tributo es obligatorio cuando se informe Id = 99.');
}

export function checkCurrency(detail: VoucherRequestDetail, refuse: Refuse) {
  const { currency, rate, sameCurrency } = detail;
  if (!currency || !CURRENCIES.some((row) => row.id === currency)) {
    refuse(
      10037,
      'El campo MonId es obligatorio y debe corresponder a algun valor devuelto por el metodo FEParamGetTiposMonedas.',
    );
  }
  if ((rate === undefined && sameCurrency !== 'S') || (rate !== undefined && rate.units <= 0n)) {
    refuse(
      10038,
      'El campo MonCotiz es obligatorio si no informa CanMisMonExt = S, y de informarse debe ser mayor a 0.',
    );
  }
  if (currency === 'PES' && rate !== undefined && rate.units !== 1_000_000n) {
    refuse(10039, 'El campo MonCotiz es obligatorio, e igual a 1 cuando se trate de MonId = PES.');
  }
  const reference = currency && currency !== 'PES' ? REFERENCE_RATES[currency] : undefined;
  // "Not below 2 % nor over 400 % above" the reference: read as 0.02× to 5× the emulator's fixed rate.
  if (
    reference !== undefined &&
    rate !== undefined &&
    rate.units > 0n &&
    (rate.units * 50n < reference || rate.units > reference * 5n)
  ) {
    refuse(
      10119,
      'Si la moneda es distinta de PES, el tipo de cambio no podra ser inferior al 2% ni superior en un 400% del que suministra ARCA como orientativo. Ver metodo FEParamGetCotizacion.',
    );
  }
  if (sameCurrency !== undefined && sameCurrency !== 'S' && sameCurrency !== 'N') {
    refuse(10239, 'Si informa el campo CanMisMonExt, los valores posibles son S o N y no debe quedar vacio.');
  }
  if (currency === 'PES' && sameCurrency === 'S')
    refuse(10241, 'Si informa MonId = PES, el campo CanMisMonExt no debe informarse o informarse con el valor N.');
}

export function checkAmounts(detail: VoucherRequestDetail, kind: VoucherClass, refuse: Refuse) {
  const value = (field: AmountField) => detail.amounts[field].units;
  if (value('ImpTotConc') < 0n || (kind === 'C' && value('ImpTotConc') !== 0n))
    refuse(
      10043,
      'El campo ImpTotConc no puede ser menor a cero (0). Para comprobantes tipo C debe ser igual a cero (0).',
    );
  if (value('ImpOpEx') < 0n || (kind === 'C' && value('ImpOpEx') !== 0n))
    refuse(
      10044,
      'El campo ImpOpEx no puede ser menor a cero (0). Para comprobantes tipo C debe ser igual a cero (0).',
    );
  if (value('ImpNeto') < 0n) refuse(10045, 'El campo ImpNeto no puede ser menor a cero (0).');
  if (value('ImpTrib') < 0n) refuse(10046, 'El campo ImpTrib no puede ser menor a cero (0).');
  if (value('ImpIVA') < 0n || (kind === 'C' && value('ImpIVA') !== 0n))
    refuse(10047, 'El campo ImpIVA no puede ser menor a cero (0). Para comprobantes tipo C debe ser igual a cero (0).');
  const parts: AmountField[] =
    kind === 'C' ? ['ImpNeto', 'ImpTrib'] : ['ImpTotConc', 'ImpNeto', 'ImpOpEx', 'ImpTrib', 'ImpIVA'];
  if (!close(sum(parts.map(value)), value('ImpTotal'))) {
    refuse(
      10048,
      kind === 'C'
        ? "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpNeto + ImpTrib."
        : "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
    );
  }
  const fixed = [
    ...Object.values(detail.amounts),
    ...(detail.vat ?? []).flatMap((line) => [line.base, line.amount]),
    ...(detail.tributes ?? []).flatMap((line) => [line.base, line.rate, line.amount]),
  ];
  const tooLong = (units: bigint, scale: number, digits: number) =>
    (units < 0n ? -units : units) >= 10n ** BigInt(scale + digits);
  if (
    fixed.some((amount) => !amount.exact || tooLong(amount.units, 2, 13)) ||
    (detail.rate !== undefined && (!detail.rate.exact || tooLong(detail.rate.units, 6, 4)))
  ) {
    refuse(
      10056,
      'Los importes deben informarse con la precision indicada: 13 enteros y 2 decimales (MonCotiz: 4 enteros y 6 decimales).',
    );
  }
  if (value('ImpTotal') < 0n) refuse(10065, 'El campo ImpTotal no puede ser menor a cero (0).');
}
