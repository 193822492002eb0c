// The console's invoice table with export (E) and tourism (T) invoices (issue 27): stored through the API by a
// supplier registered for WSFEX and WSCT, they are listed with the rest, each type filter finds its own, and
// the console's words name them as the authority does.
import { describe, expect, it } from 'vitest';
import * as invoicesRoute from '@/app/console/invoices/search/route';
import { voucherKind, type InvoiceEntry } from '@/lib/console/invoice';
import { call } from '@/tests/support/call';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { postInvoice, registeredSupplier } from '@/tests/support/invoices';
import { argentinaToday } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

type Page = { list: InvoiceEntry[] };

describe('the console lists E and T invoices', () => {
  it('lists them, filters each type, and names each kind', { timeout: 90_000 }, async () => {
    const supplier = await registeredSupplier(emulator(), { invoiceTypes: ['B', 'E', 'T'] });
    const store = async (letter: string, extra: Record<string, unknown> = {}) => {
      const { code: _code, ...doc } = invoiceDoc(supplier.cuit, {
        issue_date: argentinaToday(),
        tax: { ext: { 'ar-arca-doc-letter': letter } },
        ...extra,
      });
      const stored = await postInvoice(supplier.apiKey, doc);
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      return (stored.body as { id: string }).id;
    };
    const dollars = { currency: 'USD', exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.50' }] };
    const ids = { B: await store('B'), E: await store('E', dollars), T: await store('T') };

    const search = async (query: Record<string, string> = {}) => {
      const { status, body } = await call<Page>(invoicesRoute.GET, { token: supplier.apiKey, query });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.list;
    };
    expect((await search()).map((entry) => entry.id).sort()).toEqual(Object.values(ids).sort());
    const exports = await search({ type: '19' });
    expect(exports.map((entry) => entry.id)).toEqual([ids.E]);
    expect(voucherKind(exports[0]!)).toBe('Export invoice E');
    const tourism = await search({ type: '195' });
    expect(tourism.map((entry) => entry.id)).toEqual([ids.T]);
    expect(voucherKind(tourism[0]!)).toBe('Tourism invoice T');
    expect(await search({ type: '21' })).toEqual([]);
  });
});
