// The console's home: the workspace's suppliers, adding one, and starting or renewing registrations.
import type { Metadata } from 'next';
import { SuppliersView } from '@/components/console/suppliers-view';

export const metadata: Metadata = { title: 'Suppliers' };

export default function SuppliersPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Suppliers</h1>
      <SuppliersView />
    </>
  );
}
