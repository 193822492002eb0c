// The supplier's registration wizard inside an iframe of the console, as an integrator embeds it in
// its own application, with the messages the wizard posts to its parent.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EmbeddedWizard } from '@/components/console/embedded-wizard';
import { callerFor, requireWorkspace } from '@/lib/console/current-session';
import { loadSupplier } from '@/lib/console/load-supplier';

export const metadata: Metadata = { title: 'Embedded wizard' };

export default async function EmbeddedWizardPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, workspace] = await Promise.all([params, requireWorkspace()]);
  const entry = await loadSupplier(callerFor(workspace), id);
  if (!entry) notFound();
  return <EmbeddedWizard initialEntry={entry} />;
}
