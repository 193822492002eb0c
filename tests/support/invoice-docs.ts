// Invoice documents for tests and benchmarks: a GOBL invoice of a supplier, B to a final consumer unless
// the letter says otherwise. Plain data, no test runner, so the benchmarks (run by tsx) can use it too.
export const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';
export const ENVELOPE_SCHEMA = 'https://gobl.org/draft-0/envelope';

/** Today in Argentina (UTC−3): the store refuses a date the authority would not take today (N±5 for goods). */
const argentinaToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

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
  E: {
    name: 'Importadora del Norte LLC',
    tax_id: { country: 'US', code: '123456789' },
    addresses: [{ street: '123 Market Street', locality: 'San Francisco', region: 'CA', code: '94105', country: 'US' }],
    ext: { 'ar-arca-vat-status': '9' },
  },
  T: {
    name: 'Turista',
    identities: [{ code: 'AB123456', ext: { 'ar-arca-identity-type': '94' } }],
    // A tourism invoice's customer has an address (the addon's rule 27).
    addresses: [{ street: 'Calle Mayor 10', locality: 'Madrid', code: '28013', country: 'ES' }],
    ext: { 'ar-arca-vat-status': '9' },
  },
};

/** A tourism invoice names the issuer's relation to the tourist and each line's tourism item (rules 25, 26). */
const TOURISM_TYPE = { 'ar-arca-tourism-type': '1' };
const TOURISM_ITEM = { 'ar-arca-tourism-item': '1' };

/** A bare GOBL bill/invoice document by this supplier, valid under GOBL's Argentina rules for its letter (B by default). */
export function invoiceDoc(cuit: string, overrides: Record<string, unknown> = {}) {
  const tax = overrides.tax as { ext?: Record<string, string> } | undefined;
  const letter = tax?.ext?.['ar-arca-doc-letter'] ?? 'B';
  const customer = CUSTOMER_FOR_LETTER[letter];
  return {
    $schema: INVOICE_SCHEMA,
    series: '1',
    code: '00000001',
    issue_date: argentinaToday(),
    supplier: { name: 'Proveedor de Prueba S.A.', tax_id: { country: 'AR', code: cuit } },
    ...(customer ? { customer } : {}),
    lines: [
      {
        i: 1,
        quantity: '2',
        item: { name: 'Tornillos', price: '100.00', key: 'goods' },
        // Monotributistas (C) charge no VAT on lines, nor does an export (E); a tourism line names its item (T).
        ...(letter === 'C'
          ? {}
          : {
              taxes: [
                {
                  cat: 'VAT',
                  ...(letter === 'E' ? { key: 'zero' } : { rate: 'general' }),
                  ...(letter === 'T' ? { ext: TOURISM_ITEM } : {}),
                },
              ],
            }),
      },
    ],
    // An export (WSFEX) says how it is paid and, for goods, its incoterm.
    ...(letter === 'E' ? { payment: { terms: { detail: 'Transferencia a 30 días' } } } : {}),
    ...overrides,
    ...(letter === 'E' ? { tax: exportTax(tax) } : {}),
    ...(letter === 'T' ? { tax: { ...tax, ext: { ...TOURISM_TYPE, ...tax?.ext } } } : {}),
  };
}

const exportTax = (tax: { ext?: Record<string, string> } = {}) => ({
  ...tax,
  ext: { 'ar-fex-incoterm': 'FOB', ...tax.ext },
});

const address = (street: string, locality: string) => ({
  uuid: '0190a3f0-0000-7000-8000-0000000000a1',
  label: 'Casa central',
  po_box: '1234',
  num: '1234',
  block: 'B',
  floor: '3',
  door: 'A',
  street,
  street_extra: 'Entre Uruguay y Paraná',
  locality,
  region: 'Ciudad Autónoma de Buenos Aires',
  state: 'CABA',
  code: 'C1043',
  country: 'AR',
  coords: { lat: -34.6037, lon: -58.3816, w3w: 'tres.palabras.aqui' },
  meta: { source: 'erp' },
});
const contact = (name: string) => ({
  emails: [{ label: 'Ventas', addr: `ventas@${name}.com.ar`, meta: { kind: 'work' } }],
  telephones: [{ label: 'Oficina', num: '+54 11 4321-0000' }],
});

/**
 * A B invoice (to a final consumer with a DNI) that fills every GOBL field of the parties, items, notes and
 * payment the store types (lib/gobl/org.ts): each of its leaves is a field whose type the store checks.
 */
export function richInvoiceDoc(cuit: string, overrides: Record<string, unknown> = {}) {
  return {
    $schema: INVOICE_SCHEMA,
    $regime: 'AR',
    $addons: ['ar-arca-v4'],
    $tags: ['goods'],
    uuid: '0190a3f0-0000-7000-8000-0000000000b1',
    type: 'standard',
    series: '1',
    issue_date: argentinaToday(),
    issue_time: '10:30:00',
    op_date: '2026-03-01',
    currency: 'ARS',
    tax: { prices_include: 'VAT', ext: { 'ar-arca-doc-letter': 'B' } },
    supplier: {
      $regime: 'AR',
      uuid: '0190a3f0-0000-7000-8000-0000000000c1',
      label: 'Casa matriz',
      name: 'Proveedor Completo S.A.',
      alias: 'Completo',
      tax_id: { country: 'AR', code: cuit },
      identities: [
        { label: 'IIBB', key: 'iibb', type: 'CM', code: '901-123456-7', description: 'Convenio Multilateral' },
      ],
      people: [
        {
          label: 'Contacto',
          name: { prefix: 'Sra.', given: 'Ana', middle: 'María', surname: 'Pérez', surname2: 'Gómez', suffix: 'Jr.' },
          role: 'Administración',
          ...contact('ana'),
        },
      ],
      inboxes: [{ key: 'peppol', label: 'Buzón', scheme: '0000', code: 'abc', email: 'buzon@completo.com.ar' }],
      addresses: [address('Av. Corrientes', 'Buenos Aires')],
      websites: [{ label: 'Web', title: 'Completo', url: 'https://completo.com.ar' }],
      registration: { office: 'IGJ', book: '12', volume: '3', sheet: '45', entry: '678', capital: '100000.00' },
      ...contact('completo'),
      meta: { erp: 'supplier-1' },
    },
    customer: {
      name: 'Juan Consumidor',
      identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '96' } }],
      addresses: [address('Av. Santa Fe', 'Buenos Aires')],
      ext: { 'ar-arca-vat-status': '5' },
      ...contact('juan'),
    },
    lines: [
      {
        quantity: '2',
        item: {
          ref: 'TOR-001',
          key: 'goods',
          name: 'Tornillos galvanizados',
          description: 'Caja de 100 unidades',
          identities: [{ type: 'EAN', code: '7790000000001' }],
          price: '121.00',
          unit: 'item',
          origin: 'AR',
          meta: { sku: 'TOR-001' },
        },
        discounts: [{ reason: 'Promoción', percent: '10%' }],
        taxes: [{ cat: 'VAT', rate: 'general' }],
        notes: [{ key: 'general', code: 'N1', src: 'erp', text: 'Entrega en depósito' }],
      },
    ],
    ordering: { code: 'OC-2026-0042' },
    payment: {
      terms: { key: 'instant', detail: 'Contado', notes: 'Pago al recibir' },
      instructions: {
        key: 'credit-transfer',
        detail: 'Transferencia',
        ref: 'FAC-1',
        credit_transfer: [{ number: '0110599520000001234567', name: 'Banco Nación', branch: { street: 'Florida' } }],
        card: { first6: '450799', last4: '1234', holder: 'Juan Consumidor' },
        online: [{ label: 'Pagar', url: 'https://pagos.completo.com.ar' }],
        notes: 'CBU a nombre de Proveedor Completo S.A.',
      },
    },
    notes: [{ key: 'general', text: 'Gracias por su compra' }],
    ...overrides,
  };
}

/** The rich invoice in its envelope, with a head as GOBL writes one (our authority's stamps excepted). */
export const richInvoiceEnvelope = (cuit: string, overrides: Record<string, unknown> = {}) => ({
  $schema: ENVELOPE_SCHEMA,
  head: {
    uuid: '0190a3f0-0000-7000-8000-0000000000d1',
    dig: { alg: 'sha256', val: 'abc123' },
    stamps: [{ prv: 'erp-ref', val: 'ORD-42' }],
    tags: ['erp'],
    notes: 'Exportado del ERP',
    draft: false,
  },
  doc: richInvoiceDoc(cuit, overrides),
});
