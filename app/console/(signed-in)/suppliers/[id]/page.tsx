// One supplier: read on the server (an unknown id is a 404), then kept fresh in the browser with its
// jobs, steps and webhook deliveries.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SupplierDetail } from '@/components/console/supplier-detail';
import { callerFor, requireWorkspace } from '@/lib/console/current-session';
import { loadSupplier } from '@/lib/console/load-supplier';

export const metadata: Metadata = { title: 'Supplier' };

export default async function SupplierPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, workspace] = await Promise.all([params, requireWorkspace()]);
  const entry = await loadSupplier(callerFor(workspace), id);
  if (!entry) notFound();
  return <SupplierDetail initialEntry={entry} />;
}
