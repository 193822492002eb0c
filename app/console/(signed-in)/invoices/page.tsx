// The workspace's invoices: each with its number, total, status and the authority's answer (CAE, errors,
// observations), its PDF once issued, and "Issue" for one stored or refused.
import type { Metadata } from 'next';
import { InvoicesView } from '@/components/console/invoices-view';

export const metadata: Metadata = { title: 'Invoices' };

export default function InvoicesPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Invoices</h1>
      <InvoicesView />
    </>
  );
}
