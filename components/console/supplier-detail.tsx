'use client';
// A supplier's page: who it is and its status with the registration action, its link (copy, or open the
// wizard embedded), its certificate, the entry's data and meta records, and its jobs.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { consoleApi } from '@/lib/console/api';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { registrationJobState, supplierCuit, supplierName } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { link } from '@/components/wizard/styles';
import { CertificateDetails } from '@/components/console/certificate-details';
import { EntryData } from '@/components/console/entry-data';
import { JobHistory } from '@/components/console/job-history';
import { MetaRecords } from '@/components/console/meta-records';
import { RegistrationAction } from '@/components/console/registration-action';
import { RegistrationLink } from '@/components/console/registration-link';
import { RegistrationProgress } from '@/components/console/registration-progress';
import { Section, StatusBadge } from '@/components/console/ui';
import { useEntryJobs } from '@/components/console/use-entry-jobs';
import { useRegistrationWorkflow } from '@/components/console/use-registration-workflow';
import { entryMoving } from '@/lib/console/job-watch';

export function SupplierDetail({ initialEntry }: { initialEntry: SupplierEntry }) {
  const { workflow } = useRegistrationWorkflow();
  const { data: entry } = useQuery({
    queryKey: ['entry', initialEntry.id],
    queryFn: () => consoleApi<SupplierEntry>('GET', `/silo/v1/entries/${initialEntry.id}`),
    initialData: initialEntry,
    refetchInterval: (query) => (query.state.data && entryMoving(query.state.data) ? 1500 : false),
  });
  const jobs = useEntryJobs(initialEntry.id);
  const cuit = supplierCuit(entry);

  return (
    <>
      <p>
        <Link href={CONSOLE_PATHS.home} className={link}>
          ← All suppliers
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{supplierName(entry)}</h1>
        <StatusBadge status={entry.status} />
      </div>
      <p className="text-slate-700">{cuit ? `CUIT ${formatCuit(cuit)}` : 'This entry has no CUIT.'}</p>
      <RegistrationAction entry={entry} workflowId={workflow?.id} />

      <Section
        id="registration-link"
        title="Registration link"
        lead="Send it to the supplier, or open the wizard here, embedded as in your own application."
      >
        <RegistrationLink
          entry={entry}
          job={jobs.isSuccess ? registrationJobState(entry, jobs.items) : undefined}
          embed
        />
        <RegistrationProgress entry={entry} />
      </Section>
      <CertificateDetails entry={entry} />
      <EntryData entry={entry} />
      <MetaRecords meta={entry.meta} />
      <JobHistory entryId={entry.id} />
    </>
  );
}
