'use client';
// A supplier's page: who it is and its status with the registration action, its link (copy, or open the
// wizard embedded), its certificate, the entry's data and meta records, and its jobs.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { consoleApi } from '@/lib/console/api';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { registrationLink, supplierCuit, supplierName } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { CopyButton } from '@/components/wizard/copy-button';
import { link, smallButton } from '@/components/wizard/styles';
import { CertificateDetails } from '@/components/console/certificate-details';
import { EntryData } from '@/components/console/entry-data';
import { JobHistory } from '@/components/console/job-history';
import { MetaRecords } from '@/components/console/meta-records';
import { RegistrationAction } from '@/components/console/registration-action';
import { RegistrationProgress } from '@/components/console/registration-progress';
import { Section, StatusBadge } from '@/components/console/ui';
import { useRegistrationWorkflow } from '@/components/console/use-registration-workflow';
import { registrationMoving } from '@/lib/console/registration-watch';

export function SupplierDetail({ initialEntry }: { initialEntry: SupplierEntry }) {
  const { workflow } = useRegistrationWorkflow();
  const { data: entry } = useQuery({
    queryKey: ['entry', initialEntry.id],
    queryFn: () => consoleApi<SupplierEntry>('GET', `/silo/v1/entries/${initialEntry.id}`),
    initialData: initialEntry,
    refetchInterval: (query) => (query.state.data && registrationMoving(query.state.data) ? 1500 : false),
  });
  const cuit = supplierCuit(entry);
  const registration = registrationLink(entry);

  return (
    <>
      <p><Link href={CONSOLE_PATHS.home} className={link}>← All suppliers</Link></p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{supplierName(entry)}</h1>
        <StatusBadge status={entry.status} />
      </div>
      <p className="text-slate-700">CUIT {cuit ? formatCuit(cuit) : '—'}</p>
      <RegistrationAction entry={entry} workflowId={workflow?.id} />

      <Section id="registration-link" title="Registration link"
        lead="Send it to the supplier, or open the wizard here, embedded as in your own application.">
        {registration ? (
          <div className="flex flex-wrap items-center gap-3">
            <code className="min-w-0 break-all rounded bg-slate-100 px-1.5 py-0.5 text-sm">{registration.url}</code>
            <CopyButton value={registration.url} label="Copy link" />
            <Link href={CONSOLE_PATHS.embed(entry.id)} className={smallButton}>Open the embedded wizard</Link>
          </div>
        ) : (
          <p className="text-sm text-slate-700">{entry.status === 'Processing' ? 'Being made…' : 'None yet: start a registration.'}</p>
        )}
        <RegistrationProgress entry={entry} />
      </Section>
      <CertificateDetails entry={entry} />
      <EntryData entry={entry} />
      <MetaRecords meta={entry.meta} />
      <JobHistory entryId={entry.id} />
    </>
  );
}
