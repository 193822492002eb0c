// When the supplier's registered certificate expires, with its state; "—" before there is one.
import { formatDate } from '@/lib/console/format';
import { registeredCertificate } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { StatusBadge } from '@/components/console/ui';

export function CertificateExpiry({ entry }: { entry: SupplierEntry }) {
  const certificate = registeredCertificate(entry);
  if (!certificate) return <>—</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <time dateTime={certificate.not_after}>{formatDate(certificate.not_after)}</time>
      {certificate.state && <StatusBadge status={certificate.state} />}
    </span>
  );
}
