// Random invoices for property tests of the store's amounts, as an integrator could send them: quantities and
// prices of up to ten decimals, line discounts and charges (percent and amount), document discounts and
// charges, every VAT rate and exempt and untaxed lines, tributes, classes A, B and C, pesos or a foreign
// currency with its rate, prices with or without VAT; no rounding rule (the store's default, "currency"), or
// GOBL's "currency" or "precise" asked for.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import type { Json } from '@/tests/support/gobl-examples';

/** A positive decimal below `maxWhole + 1`, with up to `maxPlaces` places, as text GOBL reads ("1000.1234567891"). */
const decimal = (maxWhole: number, maxPlaces: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxWhole }),
      fc
        .integer({ min: 0, max: maxPlaces })
        .chain((places) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: places, maxLength: places })),
    )
    .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : String(whole)))
    .filter((text) => /[1-9]/.test(text));

const percent = (maxWhole: number) => decimal(maxWhole, 2).map((value) => `${value}%`);

const VAT_COMBOS: Json[] = [
  { cat: 'VAT', rate: 'general' },
  { cat: 'VAT', rate: 'reduced' },
  { cat: 'VAT', rate: 'increased' },
  { cat: 'VAT', percent: '5%' },
  { cat: 'VAT', percent: '2.5%' },
  { cat: 'VAT', key: 'zero' },
  { cat: 'VAT', key: 'exempt' },
];
/** A line's VAT: one of the rates, or none (untaxed, ImpTotConc). */
const vat = fc.option(fc.constantFrom(...VAT_COMBOS), { nil: undefined, freq: 8 });

/** A line adjustment: a percent below 30%, or an amount of at most 30% of the line's sum (with 0 to 4 places). */
const adjustment = (sum: Decimal) =>
  fc.oneof(
    percent(29).map((value) => ({ percent: value })),
    fc
      .tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 4 }))
      .map(([thousandths, places]) => sum.times(thousandths).div(1000).toDecimalPlaces(places, Decimal.ROUND_DOWN))
      // A sum too small for the places drawn has no amount to take: it is given none (a zero discount).
      .map((amount) => ({ amount: amount.toFixed() })),
  );

const line = fc
  .record({ price: decimal(500_000, 10), quantity: decimal(2_000, 10), vat })
  .chain(({ price, quantity, vat: combo }) => {
    const sum = new Decimal(price).times(quantity);
    return fc.record({
      price: fc.constant(price),
      quantity: fc.constant(quantity),
      vat: fc.constant(combo),
      discounts: fc.option(fc.array(adjustment(sum), { minLength: 1, maxLength: 2 }), { nil: undefined }),
      charges: fc.option(fc.array(adjustment(sum), { minLength: 1, maxLength: 2 }), { nil: undefined }),
    });
  });

const CUSTOMERS = {
  A: { name: 'Cliente S.R.L.', tax_id: { country: 'AR', code: '30987654321' } },
  consumer: {
    name: 'Juan Pérez',
    identities: [{ code: '20123456', ext: { 'ar-arca-identity-type': '96' } }],
  },
};

/** Foreign currencies with a rate inside what the authority takes as plausible (FEParamGetCotizacion). */
const currency = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  fc.record({
    code: fc.constantFrom('USD', 'EUR'),
    rate: fc
      .tuple(fc.integer({ min: 900, max: 1500 }), decimal(0, 6))
      .map(([whole, fraction]) => `${whole}${fraction.slice(1)}`),
  }),
);

export const randomInvoice = fc
  .record({
    letter: fc.constantFrom('A', 'B', 'B-identified', 'C'),
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    documentDiscount: fc.option(fc.oneof(percent(19), decimal(49, 4)), { nil: undefined }),
    documentCharge: fc.option(fc.oneof(percent(19), decimal(49, 4)), { nil: undefined }),
    tributes: fc.array(fc.tuple(fc.constantFrom('1', '2', '3', '5', '7'), percent(4)), { maxLength: 2 }),
    currency,
    pricesIncludeVat: fc.boolean(),
    rounding: fc.constantFrom(undefined, 'currency', 'precise'),
  })
  .map((pick): Json => {
    const typeC = pick.letter === 'C';
    const taxed = (combo: Json | undefined) => (!typeC && combo ? { taxes: [combo] } : {});
    // A document discount or charge takes the VAT of the first line, so it never outweighs what it adjusts.
    const firstVat = pick.lines[0]!.vat;
    const documentAdjustment = (value: string | undefined, reason: string) =>
      value === undefined
        ? []
        : [{ reason, ...(value.endsWith('%') ? { percent: value } : { amount: value }), ...taxed(firstVat) }];
    // C (monotributo) needs a customer of any kind (addon rule 09); B may go to an unidentified consumer.
    const customer =
      pick.letter === 'A' || (typeC && pick.pricesIncludeVat)
        ? CUSTOMERS.A
        : pick.letter === 'B-identified' || typeC
          ? CUSTOMERS.consumer
          : undefined;
    return {
      $schema: 'https://gobl.org/draft-0/bill/invoice',
      ...(typeC ? { $tags: ['monotax'] } : {}),
      series: '7',
      issue_date: '2026-03-02',
      supplier: { name: 'Proveedor S.A.', tax_id: { country: 'AR', code: '30712345671' } },
      ...(customer ? { customer } : {}),
      ...(pick.currency
        ? {
            currency: pick.currency.code,
            exchange_rates: [{ from: pick.currency.code, to: 'ARS', amount: pick.currency.rate }],
          }
        : {}),
      lines: pick.lines.map((entry) => ({
        quantity: entry.quantity,
        item: { name: 'Artículo', price: entry.price, key: 'goods' },
        ...(entry.discounts ? { discounts: entry.discounts } : {}),
        ...(entry.charges ? { charges: entry.charges } : {}),
        ...taxed(entry.vat),
      })),
      ...(pick.documentDiscount ? { discounts: documentAdjustment(pick.documentDiscount, 'Bonificación') } : {}),
      charges: [
        ...documentAdjustment(pick.documentCharge, 'Flete'),
        ...pick.tributes.map(([type, rate]) => ({ key: 'tax', percent: rate, ext: { 'ar-arca-tax-type': type } })),
      ],
      ...(pick.rounding || (pick.pricesIncludeVat && !typeC)
        ? {
            tax: {
              ...(pick.rounding ? { rounding: pick.rounding } : {}),
              ...(pick.pricesIncludeVat && !typeC ? { prices_include: 'VAT' } : {}),
            },
          }
        : {}),
    };
  });
