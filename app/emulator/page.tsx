// The emulator's portal pages: what a supplier would do at the authority's site, offline. Only while
// the emulator answers as the authority; against the real one this page does not exist. In production
// the proxy asks the operator for ADMIN_TOKEN first (lib/server/emulator-gate.ts); the page checks again.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { EmulatorPortal } from '@/components/emulator/emulator-portal';
import { headersCarryAdminToken, portalNeedsAdmin } from '@/lib/server/emulator-gate';
import { arAuthority } from '@/lib/config';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Emulador de ARCA — certificados, autorizaciones, puntos de venta y comprobantes',
  robots: { index: false, follow: false },
};

export default async function EmulatorPage({
  searchParams,
}: {
  searchParams: Promise<{ environment?: string | string[] }>;
}) {
  if (arAuthority() !== 'emulator') notFound();
  if (portalNeedsAdmin() && !headersCarryAdminToken(await headers())) notFound();
  const { environment } = await searchParams;
  // The portal speaks Spanish whatever language the rest of the site picks for this visitor.
  return (
    <div lang="es-AR">
      <EmulatorBanner />
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Portal de ARCA (emulado)</h1>
          <p className="mt-2 leading-relaxed text-slate-700">
            Haga aquí lo que el alta le pide hacer en el sitio de ARCA: crear el certificado con su pedido (CSR),
            autorizar el servicio de facturación para su alias y, en Producción, agregar un punto de venta. Para
            facturar, elija la condición frente al IVA de la CUIT y consulte los comprobantes que se autorizaron.
          </p>
        </div>
        <EmulatorPortal initialEnvironment={environment === 'live' ? 'live' : 'sandbox'} />
      </main>
    </div>
  );
}

/** The mark at the top of the portal: this is not the tax authority. */
function EmulatorBanner() {
  return (
    <header className="border-b-4 border-amber-500 bg-amber-100 px-4 py-3 text-amber-950">
      <p className="mx-auto max-w-2xl font-semibold">
        <span aria-hidden="true">⚠ </span>Emulador de ARCA — no es el sitio real de la AFIP/ARCA
      </p>
      <p className="mx-auto mt-1 max-w-2xl text-sm">
        Funciona solo en esta instalación y sin conexión: lo que haga aquí no tiene efecto ante el fisco.
      </p>
    </header>
  );
}
