// Export invoices (E, WSFEX) for the PDF's tests: a wine and yerba exporter's invoice in dollars to a customer in
// the United States, goods shipped under a customs permit, in the language `ar-fex-language` names.
import type { Json } from '@/tests/support/gobl-examples';

export const EXPORT_SUPPLIER = 'Bodega Andina S.A.';
export const EXPORT_CUSTOMER = 'Importadora del Norte LLC';
export const EXPORT_PERMIT = '26001EC01000123A';

const zeroVat = [{ cat: 'VAT', key: 'zero' }];

export function exportInvoiceDoc(ext: Record<string, string> = {}, overrides: Json = {}): Json {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    series: '2',
    issue_date: '2026-11-24',
    currency: 'USD',
    exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1050.50' }],
    supplier: {
      name: EXPORT_SUPPLIER,
      tax_id: { country: 'AR', code: '30712345671' },
      addresses: [
        { street: 'Ruta 40', num: '1200', locality: 'Luján de Cuyo', region: 'Mendoza', code: '5507', country: 'AR' },
      ],
    },
    customer: {
      name: EXPORT_CUSTOMER,
      tax_id: { country: 'US', code: '123456789' },
      addresses: [
        { street: 'Market Street', num: '123', locality: 'San Francisco', region: 'CA', code: '94105', country: 'US' },
      ],
    },
    lines: [
      {
        quantity: '1200',
        item: { ref: 'MAL-750', name: 'Malbec 750 ml', price: '4.75', unit: 'item', key: 'goods' },
        taxes: zeroVat,
      },
      {
        quantity: '350.5',
        item: { name: 'Yerba mate', price: '3.125', unit: 'kg', key: 'goods' },
        discounts: [{ reason: 'Volumen', percent: '5%' }],
        taxes: zeroVat,
      },
    ],
    payment: { terms: { detail: 'Wire transfer, 30 days' } },
    tax: {
      ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-incoterm': 'FOB', 'ar-fex-permit': EXPORT_PERMIT, ...ext },
    },
    ...overrides,
  };
}
