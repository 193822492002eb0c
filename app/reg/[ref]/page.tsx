import { notFound } from 'next/navigation';
import { formatCuit } from '@/lib/ar/cuit';
import { findRegistration } from '@/lib/ar/registration/context';

export const dynamic = 'force-dynamic';

export default async function RegistrationPage({ params }: { params: Promise<{ ref: string }> }) {
  const registration = await findRegistration((await params).ref);
  if (!registration) notFound();
  const { party, environment, open } = registration;
  const supplier = { name: party.name, cuit: party.tax_id.code };
  return (
    <main className="mx-auto max-w-xl px-5 py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-slate-500">
        {environment === 'sandbox' ? 'Homologación (pruebas)' : 'Producción'}
      </p>
      <h1 className="mt-1 text-2xl font-semibold">Alta para factura electrónica</h1>
      <dl className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <dt className="text-sm text-slate-500">Razón social</dt>
        <dd className="text-lg font-medium">{supplier.name}</dd>
        <dt className="mt-3 text-sm text-slate-500">CUIT</dt>
        <dd className="text-lg font-medium tabular-nums">{formatCuit(supplier.cuit)}</dd>
      </dl>
      <p className="mt-6 leading-relaxed" role="status">
        {open
          ? 'Este enlace está listo: aquí cargará el certificado digital que emite ARCA para que podamos facturar en su nombre.'
          : 'Este proveedor ya completó el alta; el enlace no se puede volver a usar.'}
      </p>
    </main>
  );
}
