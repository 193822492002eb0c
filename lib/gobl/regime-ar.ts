// What GOBL's Argentine regime (`regimes/ar`) defines that calculation needs: the currency, and VAT as the
// one tax category, with GOBL's global VAT keys and the three rates of Article 28 of the VAT law.
import { Percentage } from '@/lib/gobl/num';

export const AR_CURRENCY = 'ARS';
export const CATEGORY_VAT = 'VAT';

export const KEY_STANDARD = 'standard';
export const KEY_ZERO = 'zero';
export const KEY_EXEMPT = 'exempt';

/** GOBL's global VAT keys; those marked `noPercent` never carry a percentage. */
export const VAT_KEYS: Record<string, { noPercent: boolean }> = {
  standard: { noPercent: false },
  zero: { noPercent: false },
  'reverse-charge': { noPercent: true },
  exempt: { noPercent: true },
  export: { noPercent: true },
  'intra-community': { noPercent: true },
  'outside-scope': { noPercent: true },
};

export const RATE_GENERAL = 'general';
export const RATE_REDUCED = 'reduced';
export const RATE_INCREASED = 'increased';

interface RateValue {
  since: string;
  percent: Percentage;
}

/** Rates for the `standard` key, each with the values it has had (newest first). */
export const VAT_RATES: Record<string, RateValue[]> = {
  [RATE_INCREASED]: [{ since: '1995-04-01', percent: Percentage.of('0.270', 3) }],
  [RATE_GENERAL]: [{ since: '1995-04-01', percent: Percentage.of('0.210', 3) }],
  [RATE_REDUCED]: [{ since: '1995-04-01', percent: Percentage.of('0.105', 3) }],
};

/** The percentage a rate had on a date (inclusive), or undefined when it did not exist yet. */
export function ratePercentOn(rate: string, date: string): Percentage | undefined {
  return VAT_RATES[rate]?.find((value) => value.since <= date)?.percent;
}
