// A tax combo (`{ cat, key, rate, percent, ext }` on a line, discount or charge) normalised and prepared as
// GOBL does for the Argentine regime: legacy rate spellings moved to keys, the key defaulted to `standard`,
// the percentage taken from the regime's rate on the document date, and none at all for keys without one.
import { Percentage } from '@/lib/gobl/num';
import {
  CATEGORY_VAT,
  KEY_STANDARD,
  KEY_ZERO,
  RATE_GENERAL,
  ratePercentOn,
  VAT_KEYS,
  VAT_RATES,
} from '@/lib/gobl/regime-ar';
import type { TaxCombo } from '@/lib/gobl/invoice';

/** A combo ready for the totals: its fields as GOBL prints them, plus the parsed percentage. */
export interface PreparedCombo {
  cat: string;
  country?: string;
  key?: string;
  rate?: string;
  percent?: Percentage;
  surcharge?: Percentage;
  ext?: Record<string, string>;
  rest: Record<string, unknown>;
}

/** GOBL's `Combo.Normalize` for VAT: old `rate` values that name a situation become `key`s. */
export function normaliseCombo(combo: TaxCombo): PreparedCombo {
  const { cat, country, key, rate, percent, surcharge, ext, ...rest } = combo;
  const prepared: PreparedCombo = {
    cat,
    country,
    key,
    rate,
    percent: percent === undefined ? undefined : Percentage.parse(percent),
    surcharge: surcharge === undefined ? undefined : Percentage.parse(surcharge),
    ext: ext && Object.keys(ext).length > 0 ? { ...ext } : undefined,
    rest,
  };
  if (cat !== CATEGORY_VAT) return prepared;
  const situation: Record<string, string> = {
    zero: 'zero',
    exempt: 'exempt',
    'exempt+reverse-charge': 'reverse-charge',
    'exempt+export': 'export',
    'exempt+eea': 'intra-community',
    'exempt+export+eea': 'intra-community',
  };
  if (rate && situation[rate]) {
    prepared.key = situation[rate];
    prepared.rate = undefined;
    if (rate === 'zero' && !prepared.percent) prepared.percent = Percentage.of(0, 2);
    if (rate === 'exempt+reverse-charge') prepared.percent = undefined;
  } else if (rate === 'standard') {
    prepared.rate = RATE_GENERAL;
  } else if (rate?.startsWith('standard+')) {
    prepared.rate = `${RATE_GENERAL}+${rate.slice('standard+'.length)}`;
  }
  if (!prepared.key && prepared.percent?.isZero()) prepared.key = KEY_ZERO;
  // GOBL prints a zero-rated combo given without a percentage as "0%" (see examples/ar/out *-zero-rate).
  if (prepared.key === KEY_ZERO && !prepared.percent) prepared.percent = Percentage.of(0, 2);
  return prepared;
}

/**
 * GOBL's `Combo.calculate` against the Argentine regime, on the document's date. Returns the reasons the
 * combo cannot be used, keyed by field (`rate`, `key`, ...), or none.
 */
export function prepareCombo(combo: PreparedCombo, date: string): Record<string, string> {
  if (combo.cat !== CATEGORY_VAT) return { cat: 'the Argentine regime defines one tax category, "VAT"' };
  combo.key ??= KEY_STANDARD;
  const key = VAT_KEYS[combo.key];
  if (!key) return { key: `the VAT key is one of ${Object.keys(VAT_KEYS).join(', ')}` };
  if (key.noPercent) {
    combo.percent = undefined;
    combo.surcharge = undefined;
    return {};
  }
  if (combo.rate) {
    if (combo.key !== KEY_STANDARD || !VAT_RATES[combo.rate]) {
      return { rate: `the VAT rates of the "standard" key are ${Object.keys(VAT_RATES).join(', ')}` };
    }
    const percent = ratePercentOn(combo.rate, date);
    if (!percent) return { rate: `the "${combo.rate}" rate did not exist on ${date}` };
    combo.percent = percent;
    return {};
  }
  if (!combo.percent)
    return { percent: `a "${combo.key}" VAT combo needs a rate (general, reduced, increased) or a percent` };
  return {};
}

/** The combo as GOBL prints it. */
export function comboJson(combo: PreparedCombo): Record<string, unknown> {
  return {
    ...(combo.country ? { country: combo.country } : {}),
    cat: combo.cat,
    ...(combo.key ? { key: combo.key } : {}),
    ...(combo.rate ? { rate: combo.rate } : {}),
    ...(combo.percent ? { percent: combo.percent.toString() } : {}),
    ...(combo.surcharge ? { surcharge: combo.surcharge.toString() } : {}),
    ...(combo.ext && Object.keys(combo.ext).length > 0 ? { ext: combo.ext } : {}),
    ...combo.rest,
  };
}
