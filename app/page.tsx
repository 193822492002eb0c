import Link from 'next/link';
import { findDemoLink } from '@/lib/demo/seed';

export const dynamic = 'force-dynamic';

const SERVICES = [
  ['access/v1', 'workspaces, apps and enrollment tokens'],
  ['silo/v1', 'supplier entries and their meta records (the registration link)'],
  ['transform/v1', 'registration workflows and jobs'],
  ['gov-ar/v1', "the registration wizard's own service, by link"],
  ['utils/v1', 'ping'],
] as const;

export default async function HomePage() {
  const demoLink = await findDemoLink();
  const demoPath = demoLink ? new URL(demoLink).pathname : undefined;
  return (
    <main className="mx-auto max-w-2xl px-5 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Alta de proveedores para factura electrónica</h1>
      <p className="mt-2 text-lg text-slate-600">Supplier onboarding for electronic invoicing with AFIP/ARCA</p>
      <p className="mt-6 leading-relaxed">
        Integrators create a supplier, start a registration job and send the supplier a link. The supplier is guided
        through making a certificate in the authority&apos;s portal and hands it to us; we validate it, keep it
        encrypted and resume the waiting workflow, so the supplier can issue electronic invoices.
      </p>
      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-medium">Integrators</h2>
        <p className="mt-2">
          <Link className="font-medium text-sky-700 underline underline-offset-2" href="/console">
            Open the console
          </Link>{' '}
          — sign in with your workspace API key to connect Argentina, set up the registration workflow and follow your
          suppliers.
        </p>
      </section>
      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-medium">Demo</h2>
        {demoPath ? (
          <p className="mt-2">
            <Link className="font-medium text-sky-700 underline underline-offset-2" href={demoPath}>
              Open the demo supplier&apos;s registration link
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-slate-600">The demo supplier has no open registration link.</p>
        )}
      </section>
      <section className="mt-8">
        <h2 className="text-lg font-medium">Services</h2>
        <ul className="mt-2 space-y-1">
          {SERVICES.map(([path, what]) => (
            <li key={path}>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">/{path}</code> — {what}
            </li>
          ))}
        </ul>
        <p className="mt-3">
          <Link className="font-medium text-sky-700 underline underline-offset-2" href="/docs/api">
            API reference
          </Link>{' '}
          — every endpoint, its parameters, bodies and error codes (also as{' '}
          <code className="text-sm">/openapi.json</code>)
        </p>
      </section>
    </main>
  );
}
