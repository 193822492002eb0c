'use client';
// One supplier in the list: name (to its page), CUIT, status, certificate expiry, the supplier's progress
// (link opened or not, uploads tried, the last refusal), the registration link
// while it is still to use (else why there is none to send), and the registration action its status allows.
import Link from 'next/link';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { isStuck, progressLine } from '@/lib/console/registration-record';
import { supplierCuit, supplierName, type RegistrationJobState } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { link } from '@/components/wizard/styles';
import { CertificateExpiry } from '@/components/console/certificate-expiry';
import { RegistrationAction } from '@/components/console/registration-action';
import { RegistrationLink } from '@/components/console/registration-link';
import { Fact, StatusBadge } from '@/components/console/ui';

export function SupplierCard({
  entry,
  workflowId,
  job,
}: {
  entry: SupplierEntry;
  workflowId?: string;
  job: RegistrationJobState;
}) {
  const headingId = `supplier-${entry.id}`;
  const cuit = supplierCuit(entry);
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold">
        <Link className={link} href={CONSOLE_PATHS.supplier(entry.id)}>
          {supplierName(entry)}
        </Link>
      </h3>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
        <Fact term="CUIT">{cuit ? formatCuit(cuit) : '—'}</Fact>
        <Fact term="Status">
          <StatusBadge status={entry.status} />
        </Fact>
        <Fact term="Certificate expires">
          <CertificateExpiry entry={entry} />
        </Fact>
        <Fact term="Supplier's progress">
          <span className={isStuck(entry) ? 'font-medium text-red-800' : undefined}>{progressLine(entry) ?? '—'}</span>
        </Fact>
      </dl>
      <div className="mt-3 text-sm">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Registration link</p>
        <RegistrationLink entry={entry} job={job} small />
      </div>
      <div className="mt-3">
        <RegistrationAction entry={entry} workflowId={workflowId} />
      </div>
    </li>
  );
}
