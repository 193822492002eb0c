'use client';
// One supplier in the list: name (to its page), CUIT, status, certificate expiry, the registration link
// to copy, and the registration action its status allows.
import Link from 'next/link';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { registrationLink, supplierCuit, supplierName } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { CopyButton } from '@/components/wizard/copy-button';
import { link } from '@/components/wizard/styles';
import { CertificateExpiry } from '@/components/console/certificate-expiry';
import { RegistrationAction } from '@/components/console/registration-action';
import { Fact, StatusBadge } from '@/components/console/ui';

export function SupplierCard({ entry, workflowId }: { entry: SupplierEntry; workflowId?: string }) {
  const headingId = `supplier-${entry.id}`;
  const cuit = supplierCuit(entry);
  const registration = registrationLink(entry);
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          <Link className={link} href={CONSOLE_PATHS.supplier(entry.id)}>{supplierName(entry)}</Link>
        </h3>
        <StatusBadge status={entry.status} />
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <Fact term="CUIT">{cuit ? formatCuit(cuit) : '—'}</Fact>
        <Fact term="Status">{entry.status}</Fact>
        <Fact term="Certificate expires"><CertificateExpiry entry={entry} /></Fact>
      </dl>
      <div className="mt-3 text-sm">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Registration link</p>
        {registration ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="min-w-0 break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs">{registration.url}</code>
            <CopyButton value={registration.url} label="Copy link" />
          </div>
        ) : (
          <p className="mt-1 text-slate-700">{entry.status === 'Processing' ? 'Being made…' : '—'}</p>
        )}
      </div>
      <div className="mt-3">
        <RegistrationAction entry={entry} workflowId={workflowId} />
      </div>
    </li>
  );
}
