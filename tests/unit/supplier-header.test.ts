// The wizard's header for a renewal: the certificate it replaces and when that one runs out, or that
// it already has (an Expired supplier cannot invoice until it renews).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SupplierHeader } from '@/components/registration/supplier-header';

const header = (notAfter: string, locale: 'es-AR' | 'en' = 'es-AR') =>
  renderToStaticMarkup(
    createElement(SupplierHeader, {
      locale,
      view: {
        environment: 'sandbox',
        renewal: true,
        supplier: { name: 'Panadería Ñandú S.R.L.', tax_id: { country: 'AR', code: '30712345671' } },
        current_certificate: { alias: 'caja1', serial: '01', not_after: notAfter, services: ['wsfe'] },
      },
    }),
  );

describe('SupplierHeader for a renewal', () => {
  it('says when the current certificate expires', () => {
    expect(header('2031-03-15T12:00:00.000Z')).toContain('Su certificado actual (caja1) vence el');
    expect(header('2031-03-15T12:00:00.000Z', 'en')).toContain('Your current certificate (caja1) expires on');
  });

  it('says the certificate has expired once it has', () => {
    expect(header('2020-03-15T12:00:00.000Z')).toContain('Su certificado (caja1) venció el');
    expect(header('2020-03-15T12:00:00.000Z', 'en')).toContain('expired on');
  });
});
