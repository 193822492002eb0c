// What an answer of the authority means for each invoice it concerns (batchOutcome), and whether the voucher
// the authority holds under a number is ours (voucherDifferences): the two readings the one-way door rests on.
import { describe, expect, it } from 'vitest';
import { elementDifferences, voucherDifferences } from '@/lib/ar/arca/voucher-match';
import type { BatchResult } from '@/lib/authority/wsfe-vouchers';
import { batchOutcome } from '@/lib/gov-ar/invoices/batch-outcome';
import { wsfeVouchers } from '@/lib/gov-ar/invoices/wsfe-voucher-service';

const sent = [
  { id: 'a', number: 5 },
  { id: 'b', number: 6 },
  { id: 'c', number: 7 },
];
const approved = (number: number) => ({
  number,
  approved: true,
  cae: `7${number}`.padEnd(14, '0'),
  caeDue: '20261207',
  observations: [],
});
const refused = (number: number, codes: string[] = []) => ({
  number,
  approved: false,
  observations: codes.map((code) => ({ code, message: `error ${code}` })),
});
const answer = (details: BatchResult['details'], errors: string[] = []): BatchResult => ({
  result: 'P',
  processedAt: '20261127120000',
  details,
  errors: errors.map((code) => ({ code, message: `error ${code}` })),
});

describe('batchOutcome: what the answer says of each invoice', () => {
  it.each([
    {
      case: 'all authorised',
      answer: answer([approved(5), approved(6), approved(7)]),
      expected: { authorised: ['a', 'b', 'c'], refused: [], unjudged: [], inDoubt: [] },
    },
    {
      case: 'a judged refusal frees the unjudged details after it',
      answer: answer([approved(5), refused(6, ['10015']), refused(7)]),
      expected: { authorised: ['a'], refused: ['b'], unjudged: ['c'], inDoubt: [] },
    },
    {
      case: 'a detail the answer leaves out stays in doubt',
      answer: answer([approved(5), approved(6)]),
      expected: { authorised: ['a', 'b'], refused: [], unjudged: [], inDoubt: ['c'] },
    },
    {
      case: "the authority's internal error (501) is no verdict",
      answer: answer([refused(5), refused(6), refused(7)], ['501']),
      expected: { authorised: [], refused: [], unjudged: [], inDoubt: ['a', 'b', 'c'] },
    },
    {
      case: 'a header error refuses every detail',
      answer: answer([], ['11002']),
      expected: { authorised: [], refused: ['a', 'b', 'c'], unjudged: [], inDoubt: [] },
    },
  ])('$case', ({ answer: given, expected }) => {
    const outcome = batchOutcome(sent, given, wsfeVouchers);
    expect({
      authorised: outcome.authorised.map(({ id }) => id),
      refused: outcome.refused.map(({ id }) => id),
      unjudged: outcome.unjudged,
      inDoubt: outcome.inDoubt,
    }).toEqual(expected);
    expect(outcome.numbering).toBeUndefined();
  });

  it('leaves a numbering refusal (10016) and the details after it to the sender', () => {
    const outcome = batchOutcome(sent, answer([approved(5), refused(6), refused(7)], ['10016']), wsfeVouchers);
    expect(outcome.authorised.map(({ id }) => id)).toEqual(['a']);
    expect(outcome.numbering).toMatchObject({ id: 'b', number: 6, error: { code: '10016' }, after: ['c'] });
    expect([...outcome.refused, ...outcome.unjudged, ...outcome.inDoubt]).toEqual([]);
  });
});

describe('voucherDifferences: the voucher the authority holds under our number is ours only if every element is', () => {
  const ours = {
    Concepto: 1,
    DocTipo: 99,
    DocNro: 0,
    CbteDesde: 3,
    CbteHasta: 3,
    CbteFch: '20261127',
    ImpTotal: '121.00',
    ImpNeto: '100.00',
    ImpIVA: '21.00',
    MonId: 'PES',
    MonCotiz: '1',
    CondicionIVAReceptorId: 5,
    Iva: { AlicIva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }] },
  };
  // As parsed from FECompConsultar's ResultGet: text, numbers without trailing zeros, one list item unwrapped.
  const theirs = {
    Concepto: '1',
    DocTipo: '99',
    DocNro: '0',
    CbteDesde: '3',
    CbteHasta: '3',
    CbteFch: '20261127',
    ImpTotal: '121',
    ImpNeto: '100',
    ImpIVA: '21',
    MonId: 'PES',
    MonCotiz: '1.000',
    CondicionIVAReceptorId: '5',
    Iva: { AlicIva: { Id: '5', BaseImp: '100', Importe: '21' } },
    Resultado: 'A',
    CodAutorizacion: '70000000000001',
  };

  it('finds none for our own voucher, amounts compared as numbers', () => {
    expect(voucherDifferences(ours, theirs)).toEqual([]);
  });

  it.each([
    ['Concepto', { Concepto: '2' }, 'Concepto: 1 ≠ 2'],
    [
      'a VAT split of the same total',
      { Iva: { AlicIva: { Id: '4', BaseImp: '100', Importe: '21' } } },
      'Iva.0.Id: 5 ≠ 4',
    ],
    ['a service period we did not send', { FchServDesde: '20261101' }, 'FchServDesde: (none) ≠ 20261101'],
    ['the receiver', { DocTipo: '96', DocNro: '30111222' }, 'DocTipo: 99 ≠ 96'],
  ])('names %s', (_, change, named) => {
    expect(voucherDifferences(ours, { ...theirs, ...change })).toContain(named);
  });
});

describe("elementDifferences: WSFEX's and WSCT's look-ups answer the request's own elements", () => {
  const ours = {
    Id: 41,
    Cbte_Tipo: 19,
    Punto_vta: 4,
    Cbte_nro: 1,
    Fecha_cbte: '20261127',
    Moneda_ctz: '1045.500000',
    Imp_total: '200.00',
    Permiso_existente: '',
    Items: { Item: [{ Pro_ds: 'Tornillos', Pro_qty: '2', Pro_total_item: '200.00' }] },
  };
  // As parsed from FEXGetCMP's answer: `Cbte_tipo`, numbers as text, one item not in a list, and its own elements.
  const theirs = {
    Id: '41',
    Cbte_tipo: '19',
    Punto_vta: '4',
    Cbte_nro: '1',
    Fecha_cbte: '20261127',
    Moneda_ctz: '1045.5',
    Imp_total: '200',
    Items: { Item: { Pro_ds: 'Tornillos', Pro_qty: '2.000000', Pro_total_item: '200.00' } },
    Cae: '70000000000001',
    Resultado: 'A',
  };

  it('finds none for our own voucher: names without case, amounts as numbers, one item as a list of one', () => {
    expect(elementDifferences(ours, theirs)).toEqual([]);
  });

  it.each([
    ['another request Id', { Id: '42' }, 'Id: 41 ≠ 42'],
    ['another total', { Imp_total: '210' }, 'Imp_total: 200.00 ≠ 210'],
    [
      'another item',
      { Items: { Item: { Pro_ds: 'Tuercas', Pro_qty: '2', Pro_total_item: '200.00' } } },
      'Items.Item.0.Pro_ds: Tornillos ≠ Tuercas',
    ],
    ['a second item', { Items: { Item: [theirs.Items.Item, theirs.Items.Item] } }, 'Items.Item: 1 items ≠ 2'],
  ])('names %s', (_, change, named) => {
    expect(elementDifferences(ours, { ...theirs, ...change })).toContain(named);
  });
});
