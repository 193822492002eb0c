// Invoice documents for tests and benchmarks: a GOBL invoice of a supplier, B to a final consumer unless
// the letter says otherwise. Plain data, no test runner, so the benchmarks (run by tsx) can use it too.
export const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';
export const ENVELOPE_SCHEMA = 'https://gobl.org/draft-0/envelope';

/** The customer each letter needs under GOBL's Argentina rules (B needs none: a final consumer). */
const CUSTOMER_FOR_LETTER: Record<string, Record<string, unknown>> = {
  A: {
    name: 'Cliente Responsable Inscripto S.A.',
    tax_id: { country: 'AR', code: '30500010912' },
    ext: { 'ar-arca-vat-status': '1' },
  },
  M: {
    name: 'Cliente Responsable Inscripto S.A.',
    tax_id: { country: 'AR', code: '30500010912' },
    ext: { 'ar-arca-vat-status': '1' },
  },
  C: {
    name: 'Consumidor Final',
    identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '96' } }],
    ext: { 'ar-arca-vat-status': '5' },
  },
  E: { name: 'Importadora del Norte LLC', tax_id: { country: 'US' }, ext: { 'ar-arca-vat-status': '9' } },
  T: {
    name: 'Turista',
    identities: [{ code: 'AB123456', ext: { 'ar-arca-identity-type': '94' } }],
    ext: { 'ar-arca-vat-status': '9' },
  },
};

/** A bare GOBL bill/invoice document by this supplier, valid under GOBL's Argentina rules for its letter (B by default). */
export function invoiceDoc(cuit: string, overrides: Record<string, unknown> = {}) {
  const letter = (overrides.tax as { ext?: Record<string, string> } | undefined)?.ext?.['ar-arca-doc-letter'] ?? 'B';
  const customer = CUSTOMER_FOR_LETTER[letter];
  return {
    $schema: INVOICE_SCHEMA,
    series: '1',
    code: '00000001',
    issue_date: '2026-03-02',
    supplier: { name: 'Proveedor de Prueba S.A.', tax_id: { country: 'AR', code: cuit } },
    ...(customer ? { customer } : {}),
    lines: [
      {
        i: 1,
        quantity: '2',
        item: { name: 'Tornillos', price: '100.00', key: 'goods' },
        // Monotributistas (C) charge no VAT on lines.
        ...(letter === 'C' ? {} : { taxes: [{ cat: 'VAT', rate: 'general' }] }),
      },
    ],
    ...overrides,
  };
}
