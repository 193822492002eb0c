// The root of every page: the language of <html> follows the supplier (lib/i18n/locale).
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { requestLocale } from '@/lib/i18n/locale';
import '@/app/globals.css';

export const metadata: Metadata = {
  title: 'Alta de proveedores — Factura electrónica AFIP/ARCA',
  description: 'Registration of Argentine suppliers for electronic invoicing with AFIP/ARCA.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Screen readers and the browser's translation offer go by this, so it follows the supplier.
  const locale = await requestLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
