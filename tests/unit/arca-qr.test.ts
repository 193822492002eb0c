// The RG 4892 QR: the authority's own published example reproduced byte for byte, numbers written from
// decimal strings as JSON numbers, and the data of a voucher as sent to FECAESolicitar.
import { describe, expect, it } from 'vitest';
import { arcaQrDataFor, arcaQrJson, arcaQrUrl, readArcaQrUrl, type ArcaQrData } from '@/lib/ar/arca/qr';
import { toFECAEDetRequest, withNumber } from '@/lib/ar/arca/wsfe-detail';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { exampleInput } from '@/tests/support/gobl-examples';

/** The example of the authority's QR specification (version 1). */
const SPECIFICATION_EXAMPLE: ArcaQrData = {
  fecha: '2020-10-13',
  cuit: '30000000007',
  ptoVta: 10,
  tipoCmp: 1,
  nroCmp: 94,
  importe: '12100.00',
  moneda: 'DOL',
  ctz: '65.000000',
  tipoDocRec: 80,
  nroDocRec: '20000000001',
  tipoCodAut: 'E',
  codAut: '70417054367476',
};
const SPECIFICATION_URL =
  'https://www.afip.gob.ar/fe/qr/?p=eyJ2ZXIiOjEsImZlY2hhIjoiMjAyMC0xMC0xMyIsImN1aXQiOjMwMDAwMDAwMDA3LCJwdG9WdGEiOjEwLCJ0aXBvQ21wIjoxLCJucm9DbXAiOjk0LCJpbXBvcnRlIjoxMjEwMCwibW9uZWRhIjoiRE9MIiwiY3R6Ijo2NSwidGlwb0RvY1JlYyI6ODAsIm5yb0RvY1JlYyI6MjAwMDAwMDAwMDEsInRpcG9Db2RBdXQiOiJFIiwiY29kQXV0Ijo3MDQxNzA1NDM2NzQ3Nn0=';

describe('arcaQrUrl', () => {
  it("reproduces the authority's published example exactly", () => {
    expect(arcaQrUrl(SPECIFICATION_EXAMPLE)).toBe(SPECIFICATION_URL);
  });

  it.each([
    ['12100.00', '12100'],
    ['1028500.50', '1028500.5'],
    ['0.01', '0.01'],
    ['007.10', '7.1'],
    ['123456789012345.67', '123456789012345.67'],
  ])('writes importe %s as the JSON number %s', (importe, written) => {
    expect(arcaQrJson({ ...SPECIFICATION_EXAMPLE, importe })).toContain(`"importe":${written},`);
  });

  it('leaves the receiver out when the voucher names none', () => {
    const { tipoDocRec: _type, nroDocRec: _number, ...withoutReceiver } = SPECIFICATION_EXAMPLE;
    expect(arcaQrJson(withoutReceiver)).toBe(
      '{"ver":1,"fecha":"2020-10-13","cuit":30000000007,"ptoVta":10,"tipoCmp":1,"nroCmp":94,"importe":12100,' +
        '"moneda":"DOL","ctz":65,"tipoCodAut":"E","codAut":70417054367476}',
    );
  });

  it.each([
    ['a CAE of 13 digits', { codAut: '7041705436747' }],
    ['a CUIT with hyphens', { cuit: '30-00000000-7' }],
    ['a date in another form', { fecha: '13/10/2020' }],
    ['a float-printed amount', { importe: '1.21e4' }],
  ])('refuses %s', (_, change) => {
    expect(() => arcaQrUrl({ ...SPECIFICATION_EXAMPLE, ...change })).toThrow(RangeError);
  });
});

describe('arcaQrDataFor', () => {
  it('takes a voucher as sent to FECAESolicitar, with its number, and the CAE it got', () => {
    const prepared = prepareArcaInvoice(exampleInput('invoice-ar-arca-simplified.json'), { path: '' });
    if (!prepared.ok) throw new Error('refused');
    const voucher = toFECAEDetRequest(prepared.doc);
    const url = arcaQrUrl(arcaQrDataFor(voucher, withNumber(voucher.detail, 42), '30-71234567-1', '75123456789012'));
    expect(readArcaQrUrl(url)).toEqual({
      ver: 1,
      fecha: '2025-01-16',
      cuit: 30712345671,
      ptoVta: 2,
      tipoCmp: 6,
      nroCmp: 42,
      importe: 1028500,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 96,
      nroDocRec: 25123456,
      tipoCodAut: 'E',
      codAut: 75123456789012,
    });
  });

  it('reads back nothing from another address', () => {
    expect(readArcaQrUrl('https://example.com/?p=e30=')).toBeUndefined();
  });
});
